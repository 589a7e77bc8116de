import * as audit from "../../../api/audit/audit.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const auditRouter = router({
  list: query(audit.listAuditLogsOperation),
  get: query(audit.getAuditLogEntryOperation),
  verify: mutation(audit.verifyAuditLogOperation),
  head: query(audit.getAuditLogHeadOperation),
});
