import { db, type DbOrTx } from "../db/client";

/** The interface's Archived email without attachments and thread, plus the highlighted snippet. */
export interface SearchResultSummary {
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
  /** HTML: matched words in <mark>, everything else escaped. */
  snippet: string;
}

function recipientList(value: unknown): { name: string; email: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const recipient = (item ?? {}) as { name?: unknown; email?: unknown };
    return { name: typeof recipient.name === "string" ? recipient.name : "", email: typeof recipient.email === "string" ? recipient.email : "" };
  });
}

/**
 * Summaries for search hits, in hit order. Ids the engine returned but that are gone from the
 * database (deleted since, or a stale external index) are left out.
 */
export async function searchResultSummaries(options: {
  hits: { id: string; snippet: string }[];
  db?: DbOrTx;
}): Promise<SearchResultSummary[]> {
  const client = options.db ?? db();
  const ids = options.hits.map((hit) => hit.id);
  if (ids.length === 0) return [];
  const [emails, held] = await Promise.all([
    client.archivedEmail.findMany({
      where: { id: { in: ids } },
      omit: { bodyText: true, dedupeKey: true, references: true, inReplyTo: true, threadKey: true, sentAtFallback: true },
    }),
    client.$queryRaw<{ id: string }[]>`
      SELECT DISTINCT link.email_id AS id
      FROM email_legal_holds link JOIN legal_holds hold ON hold.id = link.legal_hold_id
      WHERE hold.is_active AND link.email_id = ANY(${ids}::uuid[])`,
  ]);
  const byId = new Map(emails.map((email) => [email.id, email]));
  const onHold = new Set(held.map((row) => row.id));
  return options.hits.flatMap((hit) => {
    const email = byId.get(hit.id);
    if (!email) return [];
    return [
      {
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
        isOnLegalHold: onHold.has(email.id),
        archivedAt: email.archivedAt.toISOString(),
        path: email.path,
        tags: email.tags,
        snippet: hit.snippet,
      },
    ];
  });
}
