import type { SqlClient } from "../platform/db/sql-client";
import { isoTimestamp } from "../platform/db/timestamp-text";
import { selectEmailSummaries, type SummaryRow, type SummaryTextRow } from "./archived-emails.queries";
import type { ArchivedEmailSummary } from "./archived-emails.responses";

function recipientList(value: unknown): { name: string; email: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const recipient = (item ?? {}) as { name?: unknown; email?: unknown };
    return {
      name: typeof recipient.name === "string" ? recipient.name : "",
      email: typeof recipient.email === "string" ? recipient.email : "",
    };
  });
}

export function toArchivedEmailSummary(email: SummaryRow | SummaryTextRow): ArchivedEmailSummary {
  return {
    id: email.id,
    ingestionSourceId: email.ingestionSourceId,
    userEmail: email.userEmail,
    messageIdHeader: email.messageIdHeader,
    sentAt: isoTimestamp(email.sentAt),
    subject: email.subject,
    senderName: email.senderName,
    senderEmail: email.senderEmail,
    recipients: recipientList(email.recipients),
    storagePath: email.storagePath,
    storageHashSha256: email.storageHashSha256,
    sizeBytes: Number(email.sizeBytes),
    isIndexed: email.isIndexed,
    hasAttachments: email.hasAttachments,
    isOnLegalHold: email.isOnLegalHold,
    archivedAt: isoTimestamp(email.archivedAt),
    path: email.path,
    tags: email.tags,
    sentAtFallback: email.sentAtFallback as ArchivedEmailSummary["sentAtFallback"],
  };
}

/** Summaries of the given ids in the given order; ids no longer in the database are left out. */
export async function loadEmailSummaries(client: SqlClient, ids: string[]): Promise<ArchivedEmailSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectEmailSummaries(client, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toArchivedEmailSummary(row)] : [];
  });
}
