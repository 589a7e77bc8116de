import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { canOnRecord } from "../authz/ability";
import { Prisma } from "@/generated/prisma/client";
import { pgPool } from "../db/pg-pool";
import { querySql } from "../db/sql-client";
import { notFound } from "../errors/app-error";
import {
  ACTIVE_HOLD_FLAG,
  SUMMARY_COLUMNS,
  toArchivedEmailSummary,
  type ArchivedEmailSummary,
  type SummaryRow,
} from "./archived-email-dto";
import { scopeFieldsOf } from "./find-visible-email";
import { visibleEmailsCondition } from "./visible-emails-condition";

export interface AttachmentDto {
  id: string;
  filename: string;
  mimeType: string;
  sizeBytes: number;
  storagePath: string;
}

export interface ThreadItem {
  id: string;
  subject: string;
  sentAt: string;
  senderEmail: string;
}

export interface ArchivedEmailDetail extends ArchivedEmailSummary {
  attachments: AttachmentDto[];
  thread: ThreadItem[];
  /** Additions: the plain-text body, and why sentAt is archivedAt when the Date header was unusable. */
  bodyText: string;
  sentAtFallback: "missing" | "unparseable" | "future" | "no-headers" | null;
  /**
   * Addition for journaled mail (docs/journaling.md): the SMTP envelope (MAIL FROM, RCPT TO) and the
   * recipients only the envelope names (Bcc); null for mail from other sources.
   */
  envelope: { from: string; recipients: string[]; bcc: string[] } | null;
}

/** A thread this long is cut (the newest messages are kept out); see docs/archive.md. */
const MAX_THREAD_ITEMS = 500;

interface DetailRow extends SummaryRow {
  bodyText: string;
  participantEmails: string[];
  envelopeFrom: string | null;
  envelopeRecipients: string[];
  bcc: string[];
  sentAtFallback: string | null;
  attachments: AttachmentDto[];
  /** sentAt in epoch milliseconds (json has no timestamp type). */
  thread: (Omit<ThreadItem, "sentAt"> & { sentAt: number })[];
}

/**
 * One archived email with its attachments and thread (the other emails of the conversation the
 * caller may read, oldest first); opening it writes a READ audit entry. Read in one statement:
 * emails the caller may not read answer 404 like missing ones. Both statements go through `pg`
 * (a hot path; see pgPool()).
 */
export async function getArchivedEmail(options: { principal: Principal; emailId: string }): Promise<ArchivedEmailDetail> {
  const rows = await querySql<DetailRow>(
    pgPool(),
    Prisma.sql`
    WITH email AS (
      SELECT ${SUMMARY_COLUMNS}, ${ACTIVE_HOLD_FLAG}, e.body_text AS "bodyText", e.sent_at_fallback AS "sentAtFallback", e.thread_key,
        e.participant_emails AS "participantEmails", e.envelope_from AS "envelopeFrom", e.envelope_recipients AS "envelopeRecipients",
        ARRAY(SELECT r->>'email' FROM jsonb_array_elements(e.recipients) r WHERE r->'bcc' = 'true'::jsonb) AS bcc,
        (SELECT coalesce(json_agg(json_build_object(
                  'id', a.id, 'filename', a.filename, 'mimeType', a.mime_type, 'sizeBytes', a.size_bytes, 'storagePath', a.storage_path
                ) ORDER BY a.id), '[]'::json)
           FROM attachments a WHERE a.email_id = e.id) AS attachments
      FROM archived_emails e WHERE e.id = ${options.emailId}::uuid
    )
    SELECT email.*,
      (SELECT coalesce(json_agg(json_build_object(
                'id', e.id, 'subject', e.subject, 'sentAt', (extract(epoch FROM e.sent_at) * 1000)::bigint, 'senderEmail', e.sender_email
              ) ORDER BY e.sent_at, e.id), '[]'::json)
         FROM (SELECT e.id, e.subject, e.sent_at, e.sender_email FROM archived_emails e
               WHERE e.thread_key = email.thread_key AND e.id <> email.id AND ${visibleEmailsCondition(options.principal)}
               ORDER BY e.sent_at, e.id LIMIT ${MAX_THREAD_ITEMS}) e) AS thread
    FROM email`,
  );
  const email = rows[0];
  if (!email || !canOnRecord(options.principal.ability, "read:archive", scopeFieldsOf(email))) throw notFound("Archived email");
  await appendAuditEntry(pgPool(), {
    actor: options.principal.actor,
    actionType: "READ",
    targetType: "ArchivedEmail",
    targetId: email.id,
    details: { storageHashSha256: email.storageHashSha256 },
  });
  return {
    ...toArchivedEmailSummary(email),
    attachments: email.attachments,
    thread: email.thread.map((item) => ({ ...item, sentAt: new Date(item.sentAt).toISOString() })),
    bodyText: email.bodyText,
    sentAtFallback: email.sentAtFallback as ArchivedEmailDetail["sentAtFallback"],
    envelope: email.envelopeFrom === null ? null : { from: email.envelopeFrom, recipients: email.envelopeRecipients, bcc: email.bcc },
  };
}
