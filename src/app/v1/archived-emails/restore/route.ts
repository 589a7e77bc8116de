import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { requestBulkRestoreOperation } from "@/server/archive/restore/restore.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(requestBulkRestoreOperation) });
