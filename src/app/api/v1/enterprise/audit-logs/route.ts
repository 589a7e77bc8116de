import { listAuditLogsQuerySchema } from "@/server/audit/audit.schemas";
import { listAuditLogs } from "@/server/audit/list-audit-logs";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { auditLogPageResponse } from "@/server/audit/audit.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Page through the audit log",
    response: auditLogPageResponse,
    auth: "read:audit",
    query: listAuditLogsQuerySchema,
    handler: ({ principal, query }) => listAuditLogs({ principal, query }),
  }),
});
