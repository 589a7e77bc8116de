import { listAuditLogsQuerySchema } from "../../audit/audit.schemas";
import { getAuditLogHead } from "../../audit/get-audit-log-head";
import { listAuditLogs } from "../../audit/list-audit-logs";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { permissionProcedure, router } from "../init";

export const auditRouter = router({
  list: permissionProcedure("read:audit").input(listAuditLogsQuerySchema).query(({ input }) => listAuditLogs({ query: input })),
  verify: permissionProcedure("read:audit", undefined, "auditVerify").mutation(() => verifyAuditLog()),
  head: permissionProcedure("read:audit").query(() => getAuditLogHead()),
});
