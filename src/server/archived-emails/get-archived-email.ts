import { Prisma } from "@/generated/prisma/client";
import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { notFound } from "../errors/app-error";
import { emailsOnActiveHold, SUMMARY_OMIT, toArchivedEmailSummary, type ArchivedEmailSummary } from "./archived-email-dto";
import { findVisibleEmail } from "./find-visible-email";
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
  sentAtFallback: "missing" | "unparseable" | "future" | null;
}

/** A thread this long is cut (the newest messages are kept out); see docs/archive.md. */
const MAX_THREAD_ITEMS = 500;

/** One archived email with its attachments and thread; opening it writes a READ audit entry. */
export async function getArchivedEmail(options: { principal: Principal; emailId: string }): Promise<ArchivedEmailDetail> {
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const email = await db().archivedEmail.findUnique({
    where: { id: options.emailId },
    omit: { ...SUMMARY_OMIT, bodyText: false, sentAtFallback: false, threadKey: false },
    include: { attachments: { orderBy: { id: "asc" }, select: { id: true, filename: true, mimeType: true, sizeBytes: true, storagePath: true } } },
  });
  if (!email) throw notFound("Archived email");
  const [held, thread] = await Promise.all([emailsOnActiveHold(db(), [email.id]), threadOf(options.principal, email.id, email.threadKey)]);
  await appendAuditEntry(db(), {
    actor: options.principal.actor,
    actionType: "READ",
    targetType: "ArchivedEmail",
    targetId: email.id,
    details: { storageHashSha256: email.storageHashSha256 },
  });
  return {
    ...toArchivedEmailSummary(email, held.has(email.id)),
    attachments: email.attachments.map((attachment) => ({ ...attachment, sizeBytes: Number(attachment.sizeBytes) })),
    thread,
    bodyText: email.bodyText,
    sentAtFallback: email.sentAtFallback as ArchivedEmailDetail["sentAtFallback"],
  };
}

/** The other emails of the conversation the caller may read, oldest first. */
async function threadOf(principal: Principal, emailId: string, threadKey: string | null): Promise<ThreadItem[]> {
  if (!threadKey) return [];
  const rows = await db().$queryRaw<{ id: string; subject: string; sent_at: Date; sender_email: string }[]>(Prisma.sql`
    SELECT e.id, e.subject, e.sent_at, e.sender_email FROM archived_emails e
    WHERE e.thread_key = ${threadKey} AND e.id <> ${emailId}::uuid AND ${visibleEmailsCondition(principal)}
    ORDER BY e.sent_at, e.id LIMIT ${MAX_THREAD_ITEMS}`);
  return rows.map((row) => ({ id: row.id, subject: row.subject, sentAt: row.sent_at.toISOString(), senderEmail: row.sender_email }));
}
