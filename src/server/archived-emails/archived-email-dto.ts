import { Prisma } from "@/generated/prisma/client";
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

/**
 * The select list of a summary over `archived_emails e`, named as the summary's fields, with
 * whether an active hold protects the email: one statement per page instead of a row query plus a
 * hold query (each statement costs the request path more CPU than the rows it returns).
 */
export const SUMMARY_COLUMNS = Prisma.sql`
  e.id, e.ingestion_source_id AS "ingestionSourceId", e.user_email AS "userEmail", e.message_id_header AS "messageIdHeader",
  e.sent_at AS "sentAt", e.subject, e.sender_name AS "senderName", e.sender_email AS "senderEmail", e.recipients,
  e.storage_path AS "storagePath", e.storage_hash_sha256 AS "storageHashSha256", e.size_bytes AS "sizeBytes",
  e.is_indexed AS "isIndexed", e.has_attachments AS "hasAttachments", e.archived_at AS "archivedAt", e.path, e.tags,
  EXISTS (
    SELECT 1 FROM email_legal_holds link JOIN legal_holds hold ON hold.id = link.legal_hold_id
    WHERE link.email_id = e.id AND hold.is_active
  ) AS "isOnLegalHold"`;

/** A row selected with SUMMARY_COLUMNS. */
export interface SummaryRow {
  id: string;
  ingestionSourceId: string;
  userEmail: string;
  messageIdHeader: string;
  sentAt: Date;
  subject: string;
  senderName: string;
  senderEmail: string;
  recipients: unknown;
  storagePath: string;
  storageHashSha256: string;
  sizeBytes: bigint;
  isIndexed: boolean;
  hasAttachments: boolean;
  archivedAt: Date;
  path: string;
  tags: string[];
  isOnLegalHold: boolean;
}

function recipientList(value: unknown): { name: string; email: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const recipient = (item ?? {}) as { name?: unknown; email?: unknown };
    return { name: typeof recipient.name === "string" ? recipient.name : "", email: typeof recipient.email === "string" ? recipient.email : "" };
  });
}

export function toArchivedEmailSummary(email: SummaryRow): ArchivedEmailSummary {
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
    isOnLegalHold: email.isOnLegalHold,
    archivedAt: email.archivedAt.toISOString(),
    path: email.path,
    tags: email.tags,
  };
}

/** Summaries of the given ids in the given order; ids no longer in the database are left out. */
export async function loadEmailSummaries(client: DbOrTx, ids: string[]): Promise<ArchivedEmailSummary[]> {
  if (ids.length === 0) return [];
  const rows = await client.$queryRaw<SummaryRow[]>`SELECT ${SUMMARY_COLUMNS} FROM archived_emails e WHERE e.id = ANY(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toArchivedEmailSummary(row)] : [];
  });
}
