import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { restoreEmailOperation } from "@/server/restore/restore.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(restoreEmailOperation) });
