import { exportAuditLogOperation } from "@/server/audit/audit-export.operations";
import { rest, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(exportAuditLogOperation) });
