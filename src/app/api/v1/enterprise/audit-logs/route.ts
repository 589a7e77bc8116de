import { listAuditLogsQuerySchema } from "@/server/audit/audit.schemas";
import { listAuditLogs } from "@/server/audit/list-audit-logs";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:audit",
    query: listAuditLogsQuerySchema,
    handler: ({ principal, query }) => listAuditLogs({ principal, query }),
  }),
});
