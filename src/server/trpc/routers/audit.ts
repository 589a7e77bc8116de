import { auditLogEntryIdSchema, listAuditLogsQuerySchema } from "../../audit/audit.schemas";
import { getAuditLogEntry } from "../../audit/get-audit-log-entry";
import { getAuditLogHead } from "../../audit/get-audit-log-head";
import { listAuditLogs } from "../../audit/list-audit-logs";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { permissionProcedure, router } from "../init";

export const auditRouter = router({
  list: permissionProcedure("read:audit")
    .input(listAuditLogsQuerySchema)
    .query(({ ctx, input }) => listAuditLogs({ principal: ctx.principal, query: input })),
  /** UI only (no REST route): opens the entry a chain verification names; same permission as the listing. */
  get: permissionProcedure("read:audit")
    .input(auditLogEntryIdSchema)
    .query(({ ctx, input }) => getAuditLogEntry({ principal: ctx.principal, id: input.id })),
  verify: permissionProcedure("read:audit", undefined, "auditVerify").mutation(() => verifyAuditLog()),
  head: permissionProcedure("read:audit").query(() => getAuditLogHead()),
});
