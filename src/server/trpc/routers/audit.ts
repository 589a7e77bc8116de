import { auditLogEntryIdSchema, listAuditLogsQuerySchema } from "../../audit/audit.schemas";
import { getAuditLogEntry } from "../../audit/get-audit-log-entry";
import { getAuditLogHead } from "../../audit/get-audit-log-head";
import { listAuditLogs } from "../../audit/list-audit-logs";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { procedure, router } from "../init";

export const auditRouter = router({
  list: procedure({ permission: "read:audit" })
    .input(listAuditLogsQuerySchema)
    .query(({ ctx, input }) => listAuditLogs({ principal: ctx.principal, query: input })),
  /** UI only (no REST route): opens the entry a chain verification names; same permission as the listing. */
  get: procedure({ permission: "read:audit" })
    .input(auditLogEntryIdSchema)
    .query(({ ctx, input }) => getAuditLogEntry({ principal: ctx.principal, id: input.id })),
  verify: procedure({ permission: "read:audit", rateLimit: "auditVerify" }).mutation(() => verifyAuditLog()),
  head: procedure({ permission: "read:audit" }).query(() => getAuditLogHead()),
});
