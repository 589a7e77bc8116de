import { verifyAuditLogOperation } from "@/server/api/audit/audit.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(verifyAuditLogOperation);
