import type { ArchivedEmail } from "@/generated/prisma/client";
import type { DbOrTx } from "../db/client";

/** The interface's Archived email without attachments and thread. */
export interface ArchivedEmailSummary {
  id: string;
  ingestionSourceId: string;
  userEmail: string;
  messageIdHeader: string;
  sentAt: string;
  subject: string;
  senderName: string;
  senderEmail: string;
  recipients: { name: string; email: string }[];
  storagePath: string;
  storageHashSha256: string;
  sizeBytes: number;
  isIndexed: boolean;
  hasAttachments: boolean;
  isOnLegalHold: boolean;
  archivedAt: string;
  path: string;
  tags: string[];
}

/** Columns a summary needs (the body and internal keys stay in the database). */
export const SUMMARY_OMIT = { bodyText: true, dedupeKey: true, references: true, inReplyTo: true, threadKey: true, sentAtFallback: true, searchRankBound: true } as const;

type SummaryRow = Omit<ArchivedEmail, keyof typeof SUMMARY_OMIT | "searchVector">;

function recipientList(value: unknown): { name: string; email: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const recipient = (item ?? {}) as { name?: unknown; email?: unknown };
    return { name: typeof recipient.name === "string" ? recipient.name : "", email: typeof recipient.email === "string" ? recipient.email : "" };
  });
}

export function toArchivedEmailSummary(email: SummaryRow, isOnLegalHold: boolean): ArchivedEmailSummary {
  return {
    id: email.id,
    ingestionSourceId: email.ingestionSourceId,
    userEmail: email.userEmail,
    messageIdHeader: email.messageIdHeader,
    sentAt: email.sentAt.toISOString(),
    subject: email.subject,
    senderName: email.senderName,
    senderEmail: email.senderEmail,
    recipients: recipientList(email.recipients),
    storagePath: email.storagePath,
    storageHashSha256: email.storageHashSha256,
    sizeBytes: Number(email.sizeBytes),
    isIndexed: email.isIndexed,
    hasAttachments: email.hasAttachments,
    isOnLegalHold,
    archivedAt: email.archivedAt.toISOString(),
    path: email.path,
    tags: email.tags,
  };
}

/** The ids among `ids` linked to at least one active hold. */
export async function emailsOnActiveHold(client: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await client.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT link.email_id AS id
    FROM email_legal_holds link JOIN legal_holds hold ON hold.id = link.legal_hold_id
    WHERE hold.is_active AND link.email_id = ANY(${ids}::uuid[])`;
  return new Set(rows.map((row) => row.id));
}

/** Summaries of the given ids in the given order; ids no longer in the database are left out. */
export async function loadEmailSummaries(client: DbOrTx, ids: string[]): Promise<ArchivedEmailSummary[]> {
  if (ids.length === 0) return [];
  const [emails, held] = await Promise.all([
    client.archivedEmail.findMany({ where: { id: { in: ids } }, omit: SUMMARY_OMIT }),
    emailsOnActiveHold(client, ids),
  ]);
  const byId = new Map(emails.map((email) => [email.id, email]));
  return ids.flatMap((id) => {
    const email = byId.get(id);
    return email ? [toArchivedEmailSummary(email, held.has(id))] : [];
  });
}
