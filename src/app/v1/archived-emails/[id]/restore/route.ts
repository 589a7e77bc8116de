import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { restoreEmailOperation } from "@/server/archive/restore/restore.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(restoreEmailOperation) });
