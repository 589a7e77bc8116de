import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { requestBulkRestoreOperation } from "@/server/api/capture/restore.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(requestBulkRestoreOperation) });
