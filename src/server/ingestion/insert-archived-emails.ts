import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../db/sql-client";

export interface AttachmentRow {
  id: string;
  filename: string;
  mimeType: string;
  sizeBytes: number;
  storagePath: string;
  hashSha256: string;
  extractedText: string | null;
  extractionError: string | null;
}

export interface EmailRow {
  id: string;
  ingestionSourceId: string;
  userEmail: string;
  messageIdHeader: string;
  dedupeKey: string;
  sentAt: Date;
  sentAtFallback: string | null;
  archivedAt: Date;
  subject: string;
  senderName: string;
  senderEmail: string;
  recipients: { name: string; email: string }[];
  storagePath: string;
  storageHashSha256: string;
  sizeBytes: number;
  hasAttachments: boolean;
  path: string;
  tags: string[];
  threadKey: string | null;
  inReplyTo: string | null;
  references: string[];
  bodyText: string;
  attachments: AttachmentRow[];
}

/**
 * Inserts the rows in one statement each for emails and attachments (the batch travels as one
 * JSON parameter). A row whose (source, mailbox, dedupe key) exists already, or repeats an earlier
 * row of the batch, is skipped by the unique index. Returns the ids actually inserted.
 */
export async function insertArchivedEmails(client: SqlClient, rows: EmailRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const emails = rows.map(({ attachments: _attachments, recipients, ...row }) => ({
    ...row,
    recipients,
    recipientEmails: recipients.map((recipient) => recipient.email),
  }));
  const inserted = await querySql<{ id: string }>(client, Prisma.sql`
    INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, dedupe_key, sent_at, sent_at_fallback,
      archived_at, subject, sender_name, sender_email, recipients, recipient_emails, storage_path, storage_hash_sha256, size_bytes,
      has_attachments, path, tags, thread_key, in_reply_to, "references", body_text)
    SELECT r."id", r."ingestionSourceId", r."userEmail", r."messageIdHeader", r."dedupeKey", r."sentAt", r."sentAtFallback",
      r."archivedAt", r."subject", r."senderName", r."senderEmail", r."recipients", r."recipientEmails", r."storagePath",
      r."storageHashSha256", r."sizeBytes", r."hasAttachments", r."path", r."tags", r."threadKey", r."inReplyTo", r."references", r."bodyText"
    FROM jsonb_to_recordset(${JSON.stringify(emails)}::jsonb) AS r("id" uuid, "ingestionSourceId" uuid, "userEmail" text,
      "messageIdHeader" text, "dedupeKey" text, "sentAt" timestamptz, "sentAtFallback" text, "archivedAt" timestamptz, "subject" text,
      "senderName" text, "senderEmail" text, "recipients" jsonb, "recipientEmails" text[], "storagePath" text, "storageHashSha256" text,
      "sizeBytes" bigint, "hasAttachments" boolean, "path" text, "tags" text[], "threadKey" text, "inReplyTo" text,
      "references" text[], "bodyText" text)
    ON CONFLICT (ingestion_source_id, user_email, dedupe_key) DO NOTHING
    RETURNING id`);
  const ids = new Set(inserted.map((row) => row.id));
  const attachments = rows
    .filter((row) => ids.has(row.id))
    .flatMap((row) => row.attachments.map((attachment) => ({ ...attachment, emailId: row.id })));
  if (attachments.length > 0) {
    await runSql(client, Prisma.sql`
      INSERT INTO attachments (id, email_id, filename, mime_type, size_bytes, storage_path, hash_sha256, extracted_text, extraction_error)
      SELECT a."id", a."emailId", a."filename", a."mimeType", a."sizeBytes", a."storagePath", a."hashSha256", a."extractedText", a."extractionError"
      FROM jsonb_to_recordset(${JSON.stringify(attachments)}::jsonb) AS a("id" uuid, "emailId" uuid, "filename" text, "mimeType" text,
        "sizeBytes" bigint, "storagePath" text, "hashSha256" text, "extractedText" text, "extractionError" text)`);
  }
  return ids;
}
