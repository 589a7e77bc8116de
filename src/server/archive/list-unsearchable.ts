import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { countUnsearchable, selectUnsearchablePage } from "./archived-emails.queries";
import type { UnsearchablePage } from "./archived-emails.responses";

/** Attachments whose text could not be extracted (so their content escapes search), newest email first. */
export async function listUnsearchable(options: { principal: Principal; page: number; limit: number }): Promise<UnsearchablePage> {
  const [rows, total] = await Promise.all([
    selectUnsearchablePage(db(), { principal: options.principal, limit: options.limit, offset: (options.page - 1) * options.limit }),
    countUnsearchable(db(), options.principal),
  ]);
  const items = rows.map((row) => ({
    emailId: row.email_id,
    subject: row.subject,
    sentAt: row.sent_at.toISOString(),
    attachmentId: row.id,
    filename: row.filename,
    mimeType: row.mime_type,
    error: row.extraction_error,
  }));
  return { items, total, page: options.page, limit: options.limit };
}
