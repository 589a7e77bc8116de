import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../../identity/auth/principal";
import { can } from "../../identity/authz/ability";
import { queryOne, querySql, type SqlClient } from "../../platform/db/sql-client";
import type { DispositionRow } from "./disposition-dto";
import type { DecideDispositionsInput, DispositionStatus } from "./dispositions.schemas";

/**
 * `rule.reviewer_ids, rule.reviewer_role_id` of the label or policy a disposition (`disp`) was
 * recorded under; NULLs when that rule was deleted since.
 */
const dispositionRuleJoin = Prisma.sql`
  LEFT JOIN LATERAL (
    SELECT l.reviewer_ids, l.reviewer_role_id FROM retention_labels l WHERE disp.rule_type = 'label' AND l.id = disp.rule_id
    UNION ALL
    SELECT p.reviewer_ids, p.reviewer_role_id FROM retention_policies p WHERE disp.rule_type = 'policy' AND p.id = disp.rule_id
  ) AS rule ON TRUE`;

/**
 * Who reviews a rule's dispositions: the users it names and the holders of the role it names;
 * when it names neither (or was deleted), the users with manage:dispositions (manage:all among them). A reviewer sees and decides
 * only the dispositions of the rules they review.
 */
function reviewableBy(principal: Principal): Prisma.Sql {
  const unassigned = Prisma.sql`coalesce(cardinality(rule.reviewer_ids), 0) = 0 AND rule.reviewer_role_id IS NULL`;
  return Prisma.sql`(
    coalesce(${principal.userId}::uuid = ANY(rule.reviewer_ids), FALSE)
    OR coalesce(rule.reviewer_role_id = ${principal.roleId}::uuid, FALSE)
    OR (${can(principal.ability, "manage:dispositions")} AND ${unassigned}))`;
}

/**
 * A pending disposition that was closed without a decision (its email was deleted under another
 * rule, or by hand) is no longer in anyone's queue.
 */
const supersededPending = Prisma.sql`(disp.status = 'pending' AND (disp.open_email_id IS NULL OR e.id IS NULL))`;

export interface DispositionFilter {
  status?: DispositionStatus;
  /** A rule's id. */
  rule?: string;
}

/** `FROM … WHERE` of the dispositions `principal` reviews that pass `filter`, with the email they concern (`e`). */
function reviewedDispositionsSql(principal: Principal, filter: DispositionFilter): Prisma.Sql {
  const where = Prisma.join(
    [
      filter.status ? Prisma.sql`disp.status = ${filter.status}` : Prisma.sql`TRUE`,
      filter.rule ? Prisma.sql`disp.rule_id = ${filter.rule}::uuid` : Prisma.sql`TRUE`,
    ],
    " AND ",
  );
  return Prisma.sql`
    FROM email_dispositions disp
    ${dispositionRuleJoin}
    LEFT JOIN archived_emails e ON e.id = disp.email_id
    WHERE ${reviewableBy(principal)} AND NOT ${supersededPending} AND ${where}`;
}

/** A page of the dispositions `principal` reviews, the earliest due first (then by id, a stable order for pages). */
export function selectReviewedDispositions(
  client: SqlClient,
  options: { principal: Principal; filter: DispositionFilter; limit: number; offset: number },
): Promise<DispositionRow[]> {
  return querySql<DispositionRow>(
    client,
    Prisma.sql`
      SELECT disp.*, e.subject, e.sender_email, e.sent_at ${reviewedDispositionsSql(options.principal, options.filter)}
      ORDER BY disp.due_at, disp.id LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
}

export async function countReviewedDispositions(client: SqlClient, principal: Principal, filter: DispositionFilter): Promise<number> {
  const row = await queryOne<{ total: number }>(
    client,
    Prisma.sql`SELECT count(*)::int AS total ${reviewedDispositionsSql(principal, filter)}`,
  );
  return row!.total;
}

/** A disposition's email and the rule it was recorded under. */
export interface DispositionRuleRow {
  id: string;
  email_id: string;
  rule_type: string;
  rule_id: string;
  rule_name: string;
  due_at: Date;
}

export interface DecidedRow extends DispositionRuleRow {
  extended_until: Date | null;
}

/**
 * Locks the chosen pending dispositions `principal` reviews (the given ids, or the open ones of the
 * given emails), then records the decision on them; the update re-checks `pending` on the locked row.
 */
export function decidePendingDispositions(
  client: SqlClient,
  options: { principal: Principal; input: DecideDispositionsInput; chosen: { ids: string[] } | { emailIds: string[] } },
): Promise<DecidedRow[]> {
  const { input, principal } = options;
  const chosen =
    "ids" in options.chosen
      ? Prisma.sql`disp.id = ANY(${options.chosen.ids}::uuid[])`
      : Prisma.sql`disp.open_email_id = ANY(${options.chosen.emailIds}::uuid[])`;
  const changes = {
    approve: Prisma.sql`status = 'approved'`,
    extend: Prisma.sql`status = 'extended', open_email_id = NULL, extended_until = now() + make_interval(hours => 24 * ${input.days ?? 0}::int)`,
    relabel: Prisma.sql`status = 'relabeled', open_email_id = NULL, relabeled_to_label_id = ${input.labelId ?? null}::uuid`,
  }[input.decision];
  return querySql<DecidedRow>(
    client,
    Prisma.sql`
    WITH candidates AS (
      SELECT disp.id FROM email_dispositions disp ${dispositionRuleJoin}
      WHERE ${chosen} AND disp.status = 'pending' AND disp.open_email_id IS NOT NULL AND ${reviewableBy(principal)}
      ORDER BY disp.id FOR UPDATE OF disp)
    UPDATE email_dispositions d
    SET ${changes}, decided_at = now(), decided_by_user_id = ${principal.userId}::uuid, decided_by_email = ${principal.email}, comment = ${input.comment}
    FROM candidates WHERE d.id = candidates.id AND d.status = 'pending' AND d.open_email_id IS NOT NULL
    RETURNING d.id, d.email_id, d.rule_type, d.rule_id, d.rule_name, d.due_at, d.extended_until`,
  );
}

export interface DestroyedRow {
  destroyed_at: Date;
  email_id: string;
  storage_hash_sha256: string;
  rule_type: string;
  rule_id: string;
  rule_name: string;
  due_at: Date;
  decided_by_email: string | null;
  decided_at: Date | null;
  comment: string | null;
  id: string;
  destroyed_in_cycle_id: string | null;
}

/** The approved dispositions whose email the lifecycle destroyed in [from, until), in destruction order. */
export function selectDestroyedDispositions(client: SqlClient, from: Date, until: Date): Promise<DestroyedRow[]> {
  return querySql<DestroyedRow>(
    client,
    Prisma.sql`
    SELECT destroyed_at, email_id, storage_hash_sha256, rule_type, rule_id, rule_name, due_at, decided_by_email, decided_at,
      comment, id, destroyed_in_cycle_id
    FROM email_dispositions
    WHERE status = 'approved' AND destroyed_at >= ${from} AND destroyed_at < ${until}
    ORDER BY destroyed_at, id`,
  );
}
