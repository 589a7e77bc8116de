import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { retryJobOperation } from "@/server/system/system.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(retryJobOperation) });
