import { getAuditLogHeadOperation } from "@/server/api/audit/audit.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getAuditLogHeadOperation) });
