import { selectAuditLogEnds } from "../../audit/audit.queries";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import type { InstallationCheck } from "./installation-check";

/**
 * The audit chain verifies (the verify use case of GET /api/v1/enterprise/audit-logs/verify).
 * auditLogId is the entry where the chain breaks, or, when it verifies, the head it verified through.
 */
export const auditChainCheck: InstallationCheck = {
  name: "audit chain",
  async estimateWork() {
    return 1;
  },
  async run({ client, advance, problem }) {
    const { lastId } = await selectAuditLogEnds(client);
    const result = await verifyAuditLog();
    advance(1);
    if (!result.ok) {
      problem(`audit log: ${result.message}`);
      return { ok: false, summary: { auditOk: false, auditLogId: result.logId } };
    }
    return { ok: true, summary: { auditOk: true, auditLogId: lastId === null ? null : Number(lastId) } };
  },
};
