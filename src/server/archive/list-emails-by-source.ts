import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { readPool } from "../platform/db/replica-reads";
import { notFound } from "../platform/errors/app-error";
import { selectSourceEmailPage } from "./archived-emails.queries";
import { toArchivedEmailSummary } from "./load-email-summaries";
import { visibleSourceEmailCounts } from "./visible-source-email-counts";
import type { EmailPage } from "./archived-emails.responses";

/**
 * The source's emails the caller may read, newest archived first (the page through `pg`: a hot path),
 * from the read replica in a request routed to it.
 */
export async function listEmailsBySource(options: {
  principal: Principal;
  sourceId: string;
  page: number;
  limit: number;
}): Promise<EmailPage> {
  const offset = (options.page - 1) * options.limit;
  const [rows, total] = await Promise.all([
    selectSourceEmailPage(readPool(), { sourceId: options.sourceId, principal: options.principal, limit: options.limit, offset }),
    visibleSourceEmailCounts(options.principal, [options.sourceId]).then((counts) => counts.get(options.sourceId) ?? 0),
  ]);
  // A page with emails proves the source exists; only an empty one needs to ask.
  if (rows.length === 0 && !(await db().ingestionSource.findUnique({ where: { id: options.sourceId }, select: { id: true } }))) {
    throw notFound("Ingestion source");
  }
  return { items: rows.map(toArchivedEmailSummary), total, page: options.page, limit: options.limit };
}
