import { getAuditLogHeadOperation } from "@/server/audit/audit.operations";
import { rest, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getAuditLogHeadOperation) });
