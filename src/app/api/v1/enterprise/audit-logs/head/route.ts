import { getAuditLogHead } from "@/server/audit/get-audit-log-head";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:audit",
    handler: () => getAuditLogHead(),
  }),
});
