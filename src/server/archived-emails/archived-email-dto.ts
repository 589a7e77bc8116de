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
 * The select list of a summary over `archived_emails e`, named as the summary's fields. Add
 * ACTIVE_HOLD_FLAG next to it where the rows are few (by id), or over a page already limited
 * (summaryPageSql): one statement per page instead of a row query plus a hold query.
 */
export const SUMMARY_COLUMNS = Prisma.sql`
  e.id, e.ingestion_source_id AS "ingestionSourceId", e.user_email AS "userEmail", e.message_id_header AS "messageIdHeader",
  e.sent_at AS "sentAt", e.subject, e.sender_name AS "senderName", e.sender_email AS "senderEmail", e.recipients,
  e.storage_path AS "storagePath", e.storage_hash_sha256 AS "storageHashSha256", e.size_bytes AS "sizeBytes",
  e.is_indexed AS "isIndexed", e.has_attachments AS "hasAttachments", e.archived_at AS "archivedAt", e.path, e.tags`;

/**
 * Whether an active hold protects `e`. Over a scan the planner expects to be long (an ordered index
 * walk that a LIMIT stops early) PostgreSQL evaluates this as a hash of every active link, which a
 * 100,000-email hold makes cost ~80 ms per page; over a few rows it probes the link index per row.
 */
export const ACTIVE_HOLD_FLAG = Prisma.sql`
  EXISTS (
    SELECT 1 FROM email_legal_holds link JOIN legal_holds hold ON hold.id = link.legal_hold_id
    WHERE link.email_id = e.id AND hold.is_active
  ) AS "isOnLegalHold"`;

/**
 * One page of summaries: `page` selects SUMMARY_COLUMNS over `e` with its order, limit and offset;
 * the hold flag is added over the page's rows only, which are then put back in `order`.
 */
export function summaryPageSql(page: Prisma.Sql, order: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT e.*, ${ACTIVE_HOLD_FLAG} FROM (${page}) e ORDER BY ${order}`;
}

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
    return {
      name: typeof recipient.name === "string" ? recipient.name : "",
      email: typeof recipient.email === "string" ? recipient.email : "",
    };
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
  const rows = await client.$queryRaw<
    SummaryRow[]
  >`SELECT ${SUMMARY_COLUMNS}, ${ACTIVE_HOLD_FLAG} FROM archived_emails e WHERE e.id = ANY(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toArchivedEmailSummary(row)] : [];
  });
}
