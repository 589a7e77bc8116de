import { exportAuditLogOperation } from "@/server/api/audit/audit.operations";
import { uiRoute } from "@/server/transport/http/session-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = uiRoute(exportAuditLogOperation);
