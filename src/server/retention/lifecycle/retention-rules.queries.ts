import { Prisma } from "@/generated/prisma/client";
import { ACTIVE_HOLD_EXISTS } from "../../archive/archived-emails.queries";
import type { DbOrTx } from "../../platform/db/client";
import { compilePolicyMatch } from "../policies/retention-policies.queries";
import type { DispositionAction } from "../dispositions/dispositions.schemas";
import type { ConditionGroup } from "../policies/retention-policies.schemas";

type Sql = Prisma.Sql;

/**
 * The retention rules of docs/retention.md as SQL, shared by the lifecycle cycle, the per-email
 * status and the forecast so that the three always agree. Precedence: an active legal hold
 * protects; otherwise the email's label (enabled or disabled) sets the period; otherwise the longest
 * period among the enabled matching policies; otherwise the email is kept. An email is eligible
 * when sent_at + period <= the evaluation instant (periods are whole days of 24 hours).
 */
export interface EnabledPolicy {
  id: string;
  name: string;
  priority: number;
  retentionPeriodDays: number;
  conditions: ConditionGroup | null;
  ingestionSourceIds: string[];
  dispositionAction: DispositionAction;
}

export type RuleType = "legalHold" | "label" | "policy" | "none";

export interface DecidingRule {
  type: RuleType;
  id: string | null;
  name: string | null;
  retentionPeriodDays: number | null;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Enabled policies in decision order: the longest period first, so the first match is the
 * deciding one; ties go to the higher priority, then the older policy.
 */
export async function loadEnabledPolicies(client: DbOrTx): Promise<EnabledPolicy[]> {
  const policies = await client.retentionPolicy.findMany({
    where: { isEnabled: true },
    orderBy: [{ retentionPeriodDays: "desc" }, { priority: "desc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return policies.map((policy) => ({
    id: policy.id,
    name: policy.name,
    priority: policy.priority,
    retentionPeriodDays: policy.retentionPeriodDays,
    conditions: (policy.conditions ?? null) as ConditionGroup | null,
    ingestionSourceIds: policy.ingestionSourceIds,
    dispositionAction: policy.dispositionAction as DispositionAction,
  }));
}

const timestamp = (instant: Date) => Prisma.sql`${instant.toISOString()}::timestamptz`;
const daysInterval = (days: Sql) => Prisma.sql`make_interval(hours => 24 * ${days})`;

/** `pol.id, pol.name, pol.days, pol.action`: the deciding policy of `e` (NULLs when none matches). */
function decidingPolicyJoin(policies: EnabledPolicy[]): Sql {
  if (policies.length === 0) {
    return Prisma.sql`LEFT JOIN (SELECT NULL::uuid AS id, NULL::text AS name, NULL::int AS days, NULL::text AS action) AS pol ON FALSE`;
  }
  const choice = Prisma.join(
    policies.map((policy, index) => Prisma.sql`WHEN ${compilePolicyMatch(policy)} THEN ${index}::int`),
    " ",
  );
  const rows = Prisma.join(
    policies.map(
      (policy, index) =>
        Prisma.sql`(${index}::int, ${policy.id}::uuid, ${policy.name}::text, ${policy.retentionPeriodDays}::int, ${policy.dispositionAction}::text)`,
    ),
  );
  return Prisma.sql`
    LEFT JOIN LATERAL (SELECT CASE ${choice} END AS idx) AS policy_choice ON TRUE
    LEFT JOIN (VALUES ${rows}) AS pol(idx, id, name, days, action) ON pol.idx = policy_choice.idx`;
}

/**
 * A reviewer's extension postpones the email's eligibility, whatever rule governs it, until its
 * date (docs/retention.md "Disposition review"). Extensions only follow one another, so the latest
 * is the largest.
 */
const extendedUntilSql = Prisma.sql`(SELECT max(x.extended_until) FROM email_dispositions x WHERE x.email_id = e.id)`;
const notExtendedPast = (asOf: Date) =>
  Prisma.sql`NOT EXISTS (SELECT 1 FROM email_dispositions x WHERE x.email_id = e.id AND x.extended_until > ${timestamp(asOf)})`;
/** When the email's period runs out, or its extension if later. */
const eligibleAtSql = (periodDays: Sql) => Prisma.sql`greatest(e.sent_at + ${daysInterval(periodDays)}, ${extendedUntilSql})`;
/** The email's open disposition was approved under the rule `ruleId` that governs it now. */
const approvedSql = (ruleId: Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM email_dispositions a WHERE a.open_email_id = e.id AND a.status = 'approved' AND a.rule_id = ${ruleId})`;

/**
 * One row per email of `where` with its decision as of `asOf`: id, sent_at, held, rule_type
 * ('label' | 'policy' | 'none'), rule_id, rule_name, period_days, eligible_at, eligible,
 * action ('delete' | 'review', null when kept forever) and approved (see approvedSql).
 */
export function decisionSql(options: { policies: EnabledPolicy[]; asOf: Date; where: Sql }): Sql {
  const period = Prisma.sql`coalesce(rl.retention_period_days, pol.days)`;
  return Prisma.sql`
    SELECT d.*, coalesce(d.eligible_at <= ${timestamp(options.asOf)}, FALSE) AS eligible FROM (
      SELECT e.id, e.sent_at, ${ACTIVE_HOLD_EXISTS} AS held,
        CASE WHEN erl.email_id IS NOT NULL THEN 'label' WHEN pol.id IS NOT NULL THEN 'policy' ELSE 'none' END AS rule_type,
        coalesce(rl.id, pol.id) AS rule_id,
        coalesce(rl.name, pol.name) AS rule_name,
        ${period} AS period_days,
        CASE WHEN ${period} IS NOT NULL THEN ${eligibleAtSql(period)} END AS eligible_at,
        coalesce(rl.disposition_action, pol.action) AS action,
        ${approvedSql(Prisma.sql`coalesce(rl.id, pol.id)`)} AS approved
      FROM archived_emails e
      LEFT JOIN email_retention_labels erl ON erl.email_id = e.id
      LEFT JOIN retention_labels rl ON rl.id = erl.label_id
      ${decidingPolicyJoin(options.policies)}
      WHERE ${options.where}) d`;
}

/**
 * Columns every "due" query returns, so the cycle and the forecast read the same rows; `deletes`
 * is whether the lifecycle deletes the email when due (a delete rule, or an approved review).
 */
const DUE_COLUMNS = Prisma.sql`e.id, e.sent_at`;

export interface LabelPeriod {
  id: string;
  name: string;
  retentionPeriodDays: number;
  dispositionAction: string;
}

/** Every label, enabled or disabled: a disabled label still governs the emails it is on. */
export async function loadLabels(client: DbOrTx): Promise<LabelPeriod[]> {
  const labels = await client.retentionLabel.findMany({
    select: { id: true, name: true, retentionPeriodDays: true, dispositionAction: true },
    orderBy: [{ retentionPeriodDays: "asc" }, { id: "asc" }],
  });
  return labels;
}

/**
 * Emails carrying `label` whose period has run out by `asOf`. One query per label, with its cutoff
 * as a constant, lets the planner pick per label between the label's rows (label_id index) and
 * the emails old enough (sent_at index), whichever is fewer.
 */
export function labelDueSql(options: { label: LabelPeriod; asOf: Date; extraWhere?: Sql }): Sql {
  const { label } = options;
  const cutoff = new Date(options.asOf.getTime() - label.retentionPeriodDays * DAY_MS);
  return Prisma.sql`
    SELECT ${DUE_COLUMNS}, 'label'::text AS rule_type, ${label.id}::uuid AS rule_id, ${label.name}::text AS rule_name,
      ${label.retentionPeriodDays}::int AS period_days,
      ${eligibleAtSql(Prisma.sql`${label.retentionPeriodDays}::int`)} AS eligible_at,
      ${label.dispositionAction}::text AS action,
      ${label.dispositionAction === "delete" ? Prisma.sql`TRUE` : approvedSql(Prisma.sql`${label.id}::uuid`)} AS deletes
    FROM email_retention_labels erl
    JOIN archived_emails e ON e.id = erl.email_id
    WHERE erl.label_id = ${label.id}::uuid
      AND e.sent_at <= ${timestamp(cutoff)}
      AND ${notExtendedPast(options.asOf)}
      AND ${options.extraWhere ?? Prisma.sql`TRUE`}`;
}

/** No email sent after this instant is old enough for any of `policies` as of `asOf`. */
export function policyPrefilter(policies: EnabledPolicy[], asOf: Date): Date {
  const shortest = Math.min(...policies.map((policy) => policy.retentionPeriodDays));
  return new Date(asOf.getTime() - shortest * DAY_MS);
}

/**
 * Unlabeled emails whose deciding policy's period has run out by `asOf`. `sent_at <= asOf -
 * shortest policy period` is the sargable prefilter: only emails old enough for some policy are read.
 */
export function policyDueSql(options: { policies: EnabledPolicy[]; asOf: Date; extraWhere?: Sql }): Sql {
  const prefilter = policyPrefilter(options.policies, options.asOf);
  return Prisma.sql`
    SELECT ${DUE_COLUMNS}, 'policy'::text AS rule_type, pol.id AS rule_id, pol.name AS rule_name, pol.days AS period_days,
      ${eligibleAtSql(Prisma.sql`pol.days`)} AS eligible_at,
      pol.action,
      pol.action = 'delete' OR ${approvedSql(Prisma.sql`pol.id`)} AS deletes
    FROM archived_emails e
    ${decidingPolicyJoin(options.policies)}
    WHERE e.sent_at <= ${timestamp(prefilter)}
      AND NOT EXISTS (SELECT 1 FROM email_retention_labels erl WHERE erl.email_id = e.id)
      AND pol.id IS NOT NULL
      AND e.sent_at <= ${timestamp(options.asOf)} - ${daysInterval(Prisma.sql`pol.days`)}
      AND ${notExtendedPast(options.asOf)}
      AND ${options.extraWhere ?? Prisma.sql`TRUE`}`;
}

export function decidingRuleOf(row: {
  rule_type: string;
  rule_id: string | null;
  rule_name: string | null;
  period_days: number | null;
}): DecidingRule {
  if (row.rule_type === "none") return { type: "none", id: null, name: null, retentionPeriodDays: null };
  return { type: row.rule_type as RuleType, id: row.rule_id, name: row.rule_name, retentionPeriodDays: row.period_days };
}
