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

/**
 * Whether a retention rule (label or policy, enabled or not) names `principal` as a reviewer, by
 * user or by role: the Disposition review page is theirs even without manage:dispositions.
 */
export async function isNamedReviewer(client: SqlClient, principal: Principal): Promise<boolean> {
  const row = await queryOne<{ named: boolean }>(
    client,
    Prisma.sql`
    SELECT EXISTS (
      SELECT 1 FROM retention_labels l WHERE ${principal.userId}::uuid = ANY(l.reviewer_ids) OR l.reviewer_role_id = ${principal.roleId}::uuid
      UNION ALL
      SELECT 1 FROM retention_policies p WHERE ${principal.userId}::uuid = ANY(p.reviewer_ids) OR p.reviewer_role_id = ${principal.roleId}::uuid
    ) AS named`,
  );
  return row!.named;
}

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
  storage_hash_sha256: string | null;
  reason: string | null;
  rule_type: string | null;
  rule_id: string | null;
  rule_name: string | null;
  due_at: Date | null;
  decided_by_email: string | null;
  decided_at: Date | null;
  comment: string | null;
  disposition_id: string | null;
  cycle_id: string | null;
  deleted_by: string;
  audit_id: string;
}

/**
 * Every email destroyed in [from, until), in destruction order: one row per DELETE audit entry of an
 * archived email, written in the deletion's own transaction (the lifecycle's under any rule, a
 * reviewed rule's with its approval; a manual deletion with who made it). The approved
 * disposition, where there was one, adds its due date, decision time and comment.
 */
export function selectDestroyedEmails(client: SqlClient, from: Date, until: Date): Promise<DestroyedRow[]> {
  return querySql<DestroyedRow>(
    client,
    Prisma.sql`
    SELECT a.timestamp AS destroyed_at, a.target_id AS email_id, a.details->>'storageHashSha256' AS storage_hash_sha256,
      a.details->>'reason' AS reason,
      CASE WHEN a.details->>'reason' = 'Manual' THEN 'manual' ELSE a.details->'decidingRule'->>'type' END AS rule_type,
      a.details->'decidingRule'->>'id' AS rule_id, a.details->'decidingRule'->>'name' AS rule_name,
      d.due_at, coalesce(d.decided_by_email, a.details->'approval'->>'approvedBy') AS decided_by_email, d.decided_at,
      coalesce(d.comment, a.details->'approval'->>'comment') AS comment,
      a.details->'approval'->>'dispositionId' AS disposition_id, a.details->>'cycleId' AS cycle_id,
      a.actor_identifier AS deleted_by, a.id::text AS audit_id
    FROM audit_logs a
    LEFT JOIN email_dispositions d ON d.id::text = a.details->'approval'->>'dispositionId'
    WHERE a.action_type = 'DELETE' AND a.target_type = 'ArchivedEmail' AND a.timestamp >= ${from} AND a.timestamp < ${until}
    ORDER BY a.timestamp, a.id`,
  );
}
