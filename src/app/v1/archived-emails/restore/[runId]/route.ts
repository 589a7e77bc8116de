import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { getRestoreRunOperation } from "@/server/restore/restore.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getRestoreRunOperation) });
