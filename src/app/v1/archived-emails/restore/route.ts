import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { requestBulkRestore } from "@/server/restore/request-bulk-restore";
import { bulkRestoreSchema } from "@/server/restore/restore.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "restore:archive",
    status: 202,
    body: bulkRestoreSchema,
    handler: ({ principal, body }) => requestBulkRestore({ principal, input: body }),
  }),
});
