import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { visibleEmailsCondition } from "./visible-emails-condition";

export interface UnsearchableItem {
  emailId: string;
  subject: string;
  sentAt: string;
  attachmentId: string;
  filename: string;
  mimeType: string;
  error: string;
}

/** Attachments whose text could not be extracted (so their content escapes search), newest email first. */
export async function listUnsearchable(options: { principal: Principal; page: number; limit: number }) {
  const visible = visibleEmailsCondition(options.principal);
  const from = Prisma.sql`FROM attachments a JOIN archived_emails e ON e.id = a.email_id WHERE a.extraction_error IS NOT NULL AND ${visible}`;
  const [rows, counted] = await Promise.all([
    db().$queryRaw<
      { email_id: string; subject: string; sent_at: Date; id: string; filename: string; mime_type: string; extraction_error: string }[]
    >`
      SELECT a.email_id, e.subject, e.sent_at, a.id, a.filename, a.mime_type, a.extraction_error ${from}
      ORDER BY e.sent_at DESC, a.id LIMIT ${options.limit} OFFSET ${(options.page - 1) * options.limit}`,
    db().$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total ${from}`,
  ]);
  const items: UnsearchableItem[] = rows.map((row) => ({
    emailId: row.email_id,
    subject: row.subject,
    sentAt: row.sent_at.toISOString(),
    attachmentId: row.id,
    filename: row.filename,
    mimeType: row.mime_type,
    error: row.extraction_error,
  }));
  return { items, total: Number(counted[0].total), page: options.page, limit: options.limit };
}
