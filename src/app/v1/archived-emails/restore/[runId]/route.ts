import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getRestoreRunOperation } from "@/server/api/capture/restore.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getRestoreRunOperation) });
