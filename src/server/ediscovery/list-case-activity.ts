import { auditReaderOf } from "../identity/auth/audit-reader";
import { toAuditLogEntry } from "../audit/audit-log-entry";
import type { AuditLogEntry } from "../audit/audit.responses";
import { redactAuditEntries } from "../audit/redact-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { accessibleCase } from "./case-access";
import { caseAuditEntries } from "./cases.queries";
import type { CaseActivityInput } from "./ediscovery.schemas";

export interface CaseActivityPage {
  items: AuditLogEntry[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next: number | null;
}

/**
 * The case's audit entries, newest first: every entry about the case or its searches, tags,
 * exports and holds names it in `details.caseId` (docs/ediscovery.md, "Activity"). Paged by keyset
 * on the entry id (the chain order), on the index audit_logs_case_id_idx. Entries revealing mail
 * are redacted for callers whose archive reading is restricted, as in the audit log.
 */
export async function listCaseActivity(options: {
  principal: Principal;
  caseId: string;
  input: CaseActivityInput;
}): Promise<CaseActivityPage> {
  const { principal, caseId, input } = options;
  const client = db();
  await accessibleCase(client, principal, caseId);
  const before = input.cursor ?? null;
  const rows = await caseAuditEntries(client, caseId, before, input.limit + 1);
  const page = rows.slice(0, input.limit).map(toAuditLogEntry);
  const last = page[page.length - 1];
  return { items: redactAuditEntries(auditReaderOf(principal), page), next: rows.length > input.limit && last ? last.id : null };
}
