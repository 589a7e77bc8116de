import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { restoreEmailOperation } from "@/server/api/capture/restore.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(restoreEmailOperation) });
