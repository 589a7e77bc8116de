import type { AuditActor } from "./append-audit-entry";
import type { AuditLogEntry } from "./audit.responses";

/**
 * Who reads the audit log, as far as the log needs to know: the actor its READ entries name, and
 * whether the caller may read the whole archive (identity's `auditReaderOf` builds it from the caller).
 */
export interface AuditReader {
  actor: AuditActor;
  readsWholeArchive: boolean;
}

/**
 * Targets whose entries say nothing about mail (accounts, roles, keys, settings, policies, labels,
 * holds). Every other target, among them ArchivedEmail, Attachment, IngestionSource and any added
 * later, may carry query text, subjects, filenames, mailbox addresses or source names.
 */
const MAIL_FREE_TARGETS = new Set(["User", "Role", "ApiKey", "Settings", "RetentionPolicy", "RetentionLabel", "LegalHold"]);
/** Actions on a mail-free target that still carry a mail query. */
const MAIL_ACTIONS = new Set(["BULK_APPLY_HOLD"]);
/** Targets that are mail themselves: their id names an email (or its attachment) the caller may not be able to read. */
const MAIL_TARGETS = new Set(["ArchivedEmail", "Attachment"]);
/** Who acted is never mail. */
const ALWAYS_SHOWN = ["actorUserId", "actorApiKeyId"];

const revealsMail = (entry: Pick<AuditLogEntry, "targetType" | "actionType">): boolean =>
  !MAIL_FREE_TARGETS.has(entry.targetType) || MAIL_ACTIONS.has(entry.actionType);

/**
 * The entries as this caller may see them (docs/audit-log.md, "Redaction"): `read:audit` alone must
 * not reveal mail the caller cannot read, so for a caller whose `read:archive` is restricted by
 * conditions or absent, the details of entries that reveal mail keep only who acted, plus
 * `redacted: true`, and an entry whose target is an email or attachment loses its `targetId` too
 * (content-scope.ts: not even the id of mail outside the caller's scope). Only the answer changes;
 * verification reads the stored rows.
 */
export function redactAuditEntries(reader: AuditReader, entries: AuditLogEntry[]): AuditLogEntry[] {
  if (reader.readsWholeArchive) return entries;
  return entries.map((entry) => {
    if (!revealsMail(entry)) return entry;
    const details = (entry.details ?? {}) as Record<string, unknown>;
    const kept = Object.fromEntries(ALWAYS_SHOWN.filter((key) => key in details).map((key) => [key, details[key]]));
    return { ...entry, ...(MAIL_TARGETS.has(entry.targetType) && { targetId: "" }), details: { ...kept, redacted: true } };
  });
}
