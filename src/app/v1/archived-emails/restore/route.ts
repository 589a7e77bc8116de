import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { requestBulkRestore } from "@/server/restore/request-bulk-restore";
import { bulkRestoreSchema } from "@/server/restore/restore.schemas";
import { restoreRunResponse } from "@/server/restore/restore.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: restoreRunResponse,
    summary: "Restore the emails a query matches, or every email of a case export, to a mailbox (runs in the background)",
    errors: [404, 409],
    auth: "restore:archive",
    status: 202,
    body: bulkRestoreSchema,
    handler: ({ principal, body }) => requestBulkRestore({ principal, input: body }),
  }),
});
