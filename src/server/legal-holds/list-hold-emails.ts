import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../auth/principal";
import { loadEmailSummaries, type ArchivedEmailSummary } from "../archived-emails/archived-email-dto";
import { visibleEmailsCondition } from "../archived-emails/visible-emails-condition";
import { db } from "../db/client";
import { notFound } from "../errors/app-error";
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
  const visible = visibleEmailsCondition(options.principal);
  const after = options.cursor
    ? Prisma.sql`AND (l.applied_at, l.email_id) < (${options.cursor.appliedAt.toISOString()}::timestamptz, ${options.cursor.emailId}::uuid)`
    : Prisma.empty;
  const [rows, counted] = await Promise.all([
    db().$queryRaw<{ email_id: string; applied_at: Date }[]>`
      SELECT l.email_id, l.applied_at FROM email_legal_holds l JOIN archived_emails e ON e.id = l.email_id
      WHERE l.legal_hold_id = ${hold.id}::uuid AND ${visible} ${after}
      ORDER BY l.applied_at DESC, l.email_id DESC LIMIT ${options.limit + 1}`,
    db().$queryRaw<{ total: bigint }[]>`
      SELECT count(*) AS total FROM email_legal_holds l JOIN archived_emails e ON e.id = l.email_id
      WHERE l.legal_hold_id = ${hold.id}::uuid AND ${visible}`,
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
    total: Number(counted[0].total),
    nextCursor: rows.length > options.limit && last ? encodeHoldEmailsCursor({ appliedAt: last.applied_at, emailId: last.email_id }) : null,
  };
}
