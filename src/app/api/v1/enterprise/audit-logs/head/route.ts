import { getAuditLogHead } from "@/server/audit/get-audit-log-head";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { auditLogHeadResponse } from "@/server/audit/audit.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "The chain's last entry and its length",
    response: auditLogHeadResponse,
    auth: "read:audit",
    handler: () => getAuditLogHead(),
  }),
});
