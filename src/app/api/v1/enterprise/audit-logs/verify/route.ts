import { verifyAuditLog } from "@/server/audit/verify-audit-log";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "read:audit",
    rateLimit: "auditVerify",
    handler: () => verifyAuditLog(),
  }),
});
