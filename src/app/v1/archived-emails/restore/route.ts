import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { requestBulkRestoreOperation } from "@/server/restore/restore.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(requestBulkRestoreOperation) });
