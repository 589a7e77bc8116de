import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { retryJobOperation } from "@/server/api/installation/system.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(retryJobOperation) });
