import { verifyAuditLog } from "@/server/audit/verify-audit-log";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { verifyAuditLogResponse } from "@/server/audit/audit.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Verify the audit log's hash chain",
    response: verifyAuditLogResponse,
    errors: [503],
    auth: "read:audit",
    rateLimit: "auditVerify",
    handler: () => verifyAuditLog(),
  }),
});
