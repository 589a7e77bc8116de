import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../../platform/db/sql-client";
import { attachmentSearchText, searchVectorSql } from "./search-vector.queries";
import { INSERT_BATCH_OCCURRENCES } from "../occurrences/occurrences.queries";

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
  sentAt: Date;
  sentAtFallback: string | null;
  archivedAt: Date;
  subject: string;
  senderName: string;
  senderEmail: string;
  recipients: { name: string; email: string; bcc?: true }[];
  ccEmails: string[];
  bccEmails: string[];
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
  envelopeFrom: string | null;
  envelopeRecipients: string[];
  participantEmails: string[];
  attachments: AttachmentRow[];
}

const EMAIL_COLUMNS = Prisma.sql`"id" uuid, "ingestionSourceId" uuid, "userEmail" text, "messageIdHeader" text,
  "sentAt" timestamptz, "sentAtFallback" text, "archivedAt" timestamptz, "subject" text, "senderName" text, "senderEmail" text,
  "recipients" jsonb, "recipientEmails" text[], "ccEmails" text[], "bccEmails" text[], "storagePath" text, "storageHashSha256" text, "sizeBytes" bigint,
  "hasAttachments" boolean, "path" text, "tags" text[], "threadKey" text, "inReplyTo" text, "references" text[],
  "envelopeFrom" text, "envelopeRecipients" text[], "participantEmails" text[], "attachments" json, "n" bigint`;

const ATTACHMENT_COLUMNS = Prisma.sql`"id" uuid, "filename" text, "mimeType" text, "sizeBytes" bigint, "storagePath" text,
  "hashSha256" text, "extractedText" text, "extractionError" text`;

/** The email's tsvector computed from the input row itself (no second write of the row to index it). */
const inputSearchVector = searchVectorSql({
  subject: Prisma.sql`r."subject"`,
  senderName: Prisma.sql`r."senderName"`,
  senderEmail: Prisma.sql`r."senderEmail"`,
  recipientEmails: Prisma.sql`r."recipientEmails"`,
  recipients: Prisma.sql`r."recipients"`,
  bodyText: Prisma.sql`r."bodyText"`,
  attachmentsText: Prisma.sql`(SELECT string_agg(${attachmentSearchText(Prisma.sql`a."filename"`, Prisma.sql`a."extractedText"`)}, ' ' ORDER BY a.n)
    FROM ROWS FROM (json_to_recordset(r."attachments") AS (${ATTACHMENT_COLUMNS})) WITH ORDINALITY
      AS a("id", "filename", "mimeType", "sizeBytes", "storagePath", "hashSha256", "extractedText", "extractionError", n))`,
});

/**
 * Inserts the emails and their attachments in one statement (the batch travels as one JSON
 * parameter, parsed once, and the bodies beside it, one parameter each: PostgreSQL's JSON parser
 * reads a body's every character and escape, 0.4-0.9 ms for a 20 KB body, a text parameter none). A row whose (source, mailbox, raw SHA-256) exists already, or repeats
 * an earlier row of the batch, is skipped by the unique index, and so are its attachments. With
 * `searchVector` (PostgreSQL full-text search) each row is written indexed. Every row, inserted or
 * skipped, is recorded as an occurrence (folder) of its email in the same statement. Returns the
 * ids actually inserted.
 */
export async function insertArchivedEmails(
  client: SqlClient,
  rows: EmailRow[],
  options: {
    searchVector: boolean;
    /** blob_intents ids to delete in the same statement (the rows' bytes' intents) */ clearIntents?: string[];
  },
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  // In hash order: two transactions inserting the same messages (two batches of an import, two
  // journal listeners) then wait on each other's rows in one order and cannot deadlock.
  const ordered = [...rows].sort((a, b) => a.storageHashSha256.localeCompare(b.storageHashSha256));
  const emails = ordered.map(({ bodyText: _body, ...row }, index) => ({
    ...row,
    recipientEmails: row.recipients.map((recipient) => recipient.email),
    n: index + 1,
  }));
  const bodies = Prisma.join(ordered.map((row) => row.bodyText));
  const inserted = await querySql<{ id: string }>(
    client,
    Prisma.sql`
    WITH input AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${JSON.stringify(emails)}::json) AS r(${EMAIL_COLUMNS})
      JOIN unnest(ARRAY[${bodies}]::text[]) WITH ORDINALITY AS b("bodyText", "n") USING ("n")),
    inserted AS (
      INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, sent_at_fallback,
        archived_at, subject, sender_name, sender_email, recipients, recipient_emails, cc_emails, bcc_emails, storage_path, storage_hash_sha256, size_bytes,
        has_attachments, path, tags, thread_key, in_reply_to, "references", body_text, envelope_from, envelope_recipients,
        participant_emails, search_vector, is_indexed)
      SELECT r."id", r."ingestionSourceId", r."userEmail", r."messageIdHeader", r."sentAt", r."sentAtFallback",
        r."archivedAt", r."subject", r."senderName", r."senderEmail", r."recipients", r."recipientEmails", r."ccEmails", r."bccEmails", r."storagePath",
        r."storageHashSha256", r."sizeBytes", r."hasAttachments", r."path", r."tags", r."threadKey", r."inReplyTo", r."references",
        r."bodyText", r."envelopeFrom", r."envelopeRecipients", r."participantEmails", ${options.searchVector ? inputSearchVector : Prisma.sql`NULL`}, ${options.searchVector}
      FROM input r
      ON CONFLICT (ingestion_source_id, user_email, storage_hash_sha256) DO NOTHING
      RETURNING id, ingestion_source_id, user_email, storage_hash_sha256
    ),
    occurred AS (${INSERT_BATCH_OCCURRENCES}),
    attached AS (
      INSERT INTO attachments (id, email_id, filename, mime_type, size_bytes, storage_path, hash_sha256, extracted_text, extraction_error)
      SELECT a."id", r."id", a."filename", a."mimeType", a."sizeBytes", a."storagePath", a."hashSha256", a."extractedText", a."extractionError"
      FROM input r JOIN inserted USING (id) CROSS JOIN LATERAL json_to_recordset(r."attachments") AS a(${ATTACHMENT_COLUMNS})
    )${
      options.clearIntents?.length
        ? Prisma.sql`,
    cleared AS (DELETE FROM blob_intents WHERE id = ANY(${options.clearIntents}::bigint[]))`
        : Prisma.empty
    }
    SELECT id FROM inserted`,
  );
  return new Set(inserted.map((row) => row.id));
}
