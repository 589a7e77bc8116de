import { httpOperation } from "../api/operation";
import { exportAuditLogsQuerySchema } from "./audit.schemas";
import { exportAuditLog } from "./export-audit-log";

export const exportAuditLogOperation = httpOperation({
  summary: "Export the audit log, filtered like the list, as CSV or JSON Lines (streamed, audited)",
  access: { permission: "read:audit", rateLimit: "export" },
  query: exportAuditLogsQuerySchema,
  produces: "text/csv",
  handler: ({ principal, query }) => exportAuditLog({ principal, query }),
});
