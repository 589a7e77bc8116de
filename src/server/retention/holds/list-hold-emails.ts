import type { Principal } from "../../identity/auth/principal";
import { loadEmailSummaries } from "../../archive/load-email-summaries";
import type { ArchivedEmailSummary } from "../../archive/archived-emails.responses";
import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { countHoldEmails, selectHoldEmailPage } from "./legal-holds.queries";
import { encodeHoldEmailsCursor, type HoldEmailsCursor } from "./legal-holds.schemas";

export interface HoldEmailsPage {
  items: (ArchivedEmailSummary & { appliedAt: string })[];
  /** Links of the hold to emails the caller may read. */
  total: number;
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * The emails a hold is linked to, most recently linked first, limited to the emails the caller's
 * role lets them read. Keyset pages over (applied_at, email_id): links removed by a release or a
 * deletion between pages never shift the next page, as an OFFSET would.
 */
export async function listHoldEmails(options: {
  principal: Principal;
  id: string;
  cursor?: HoldEmailsCursor | null;
  limit: number;
}): Promise<HoldEmailsPage> {
  const hold = await db().legalHold.findUnique({ where: { id: options.id }, select: { id: true } });
  if (!hold) throw notFound("Legal hold");
  const [rows, total] = await Promise.all([
    selectHoldEmailPage(db(), { holdId: hold.id, principal: options.principal, after: options.cursor ?? null, limit: options.limit + 1 }),
    countHoldEmails(db(), hold.id, options.principal),
  ]);
  const page = rows.slice(0, options.limit);
  const appliedAt = new Map(page.map((row) => [row.email_id, row.applied_at.toISOString()]));
  const summaries = await loadEmailSummaries(
    db(),
    page.map((row) => row.email_id),
  );
  const last = page.at(-1);
  return {
    items: summaries.map((summary) => ({ ...summary, appliedAt: appliedAt.get(summary.id)! })),
    total,
    nextCursor: rows.length > options.limit && last ? encodeHoldEmailsCursor({ appliedAt: last.applied_at, emailId: last.email_id }) : null,
  };
}
