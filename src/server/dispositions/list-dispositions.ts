import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { toDispositionDto, type DispositionDto, type DispositionRow } from "./disposition-dto";
import type { ListDispositionsQuery } from "./dispositions.schemas";
import { dispositionRuleJoin, reviewableBy } from "./reviewer-scope";

export interface DispositionPage {
  items: DispositionDto[];
  total: number;
  page: number;
  limit: number;
}

/**
 * A pending disposition that was closed without a decision (its email was deleted under another
 * rule, or by hand) is no longer in anyone's queue.
 */
const supersededPending = Prisma.sql`(disp.status = 'pending' AND (disp.open_email_id IS NULL OR e.id IS NULL))`;

/** `FROM … WHERE` of the dispositions `principal` reviews, with the email they concern (`e`). */
export function reviewedDispositionsSql(principal: Principal, where: Prisma.Sql = Prisma.sql`TRUE`): Prisma.Sql {
  return Prisma.sql`
    FROM email_dispositions disp
    ${dispositionRuleJoin}
    LEFT JOIN archived_emails e ON e.id = disp.email_id
    WHERE ${reviewableBy(principal)} AND NOT ${supersededPending} AND ${where}`;
}

/** The dispositions the caller reviews, the earliest due first (then by id, a stable order for pages). */
export async function listDispositions(options: { principal: Principal; query: ListDispositionsQuery }): Promise<DispositionPage> {
  const { query } = options;
  const filters = Prisma.join(
    [
      query.status ? Prisma.sql`disp.status = ${query.status}` : Prisma.sql`TRUE`,
      query.rule ? Prisma.sql`disp.rule_id = ${query.rule}::uuid` : Prisma.sql`TRUE`,
    ],
    " AND ",
  );
  const from = reviewedDispositionsSql(options.principal, filters);
  const [rows, [{ total }]] = await Promise.all([
    db().$queryRaw<DispositionRow[]>`
      SELECT disp.*, e.subject, e.sender_email, e.sent_at ${from}
      ORDER BY disp.due_at, disp.id LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    db().$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total ${from}`,
  ]);
  return { items: rows.map(toDispositionDto), total, page: query.page, limit: query.limit };
}

/** How many pending dispositions wait for the caller (the dashboard's review queue). */
export async function countReviewQueue(options: { principal: Principal }): Promise<number> {
  const [{ total }] = await db().$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total ${reviewedDispositionsSql(options.principal, Prisma.sql`disp.status = 'pending'`)}`;
  return total;
}
