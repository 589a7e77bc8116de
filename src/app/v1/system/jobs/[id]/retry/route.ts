import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { retryJobOperation } from "@/server/platform/system/system.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(retryJobOperation) });
