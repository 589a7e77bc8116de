import { Prisma } from "@/generated/prisma/client";
import { ACTIVE_HOLD_EXISTS } from "../../archive/archived-emails.queries";
import { queryOne, querySql, type SqlClient } from "../../platform/db/sql-client";
import type { DispositionRuleRow } from "../dispositions/dispositions.queries";
import type { DispositionAction } from "../dispositions/dispositions.schemas";
import { compilePolicyMatch } from "../policies/retention-policies.queries";
import { decisionSql, labelDueSql, policyDueSql, type EnabledPolicy, type LabelPeriod } from "./retention-rules.queries";

type Sql = Prisma.Sql;

// --- The cycle's lock (lifecycle-lock.ts) ---

/** Takes the two-key session-level advisory lock unless another session holds it; answers whether it did. */
export async function tryAdvisoryLock(client: SqlClient, lockClass: number, lockId: number): Promise<boolean> {
  const row = await queryOne<{ locked: boolean }>(
    client,
    Prisma.sql`SELECT pg_try_advisory_lock(${lockClass}::int, ${lockId}::int) AS locked`,
  );
  return row?.locked ?? false;
}

export async function advisoryUnlock(client: SqlClient, lockClass: number, lockId: number): Promise<void> {
  await querySql(client, Prisma.sql`SELECT pg_advisory_unlock(${lockClass}::int, ${lockId}::int)`);
}

// --- Finding due emails (find-due-emails.ts) ---

/**
 * One chunk of candidates (`chunk`, a plain index range the planner walks in order, read on its
 * own) with whether the rule's due query (`due`, over the chunk's emails) keeps each, in `order`
 * over the chunk's columns as `s`.
 */
function dueChunk<Candidate>(
  client: SqlClient,
  chunk: Sql,
  due: (inChunk: Sql) => Sql,
  order: Sql,
): Promise<(Candidate & { due: boolean })[]> {
  return querySql<Candidate & { due: boolean }>(
    client,
    Prisma.sql`
      WITH scanned AS MATERIALIZED (${chunk}),
      due AS (${due(Prisma.sql`e.id IN (SELECT id FROM scanned)`)})
      SELECT s.*, EXISTS (SELECT 1 FROM due WHERE due.id = s.id) AS due FROM scanned s ORDER BY ${order}`,
  );
}

/** The next `batchSize` emails carrying `label` after `after` in email_id order, each with whether it is due by `asOf`. */
export function selectLabelDueChunk(
  client: SqlClient,
  options: { label: LabelPeriod; asOf: Date; after: { id: string } | null; batchSize: number },
): Promise<{ id: string; due: boolean }[]> {
  const { label, after } = options;
  return dueChunk<{ id: string }>(
    client,
    Prisma.sql`
      SELECT erl.email_id AS id FROM email_retention_labels erl
      WHERE erl.label_id = ${label.id}::uuid AND ${after === null ? Prisma.sql`TRUE` : Prisma.sql`erl.email_id > ${after.id}::uuid`}
      ORDER BY erl.email_id LIMIT ${options.batchSize}`,
    (inChunk) => labelDueSql({ label, asOf: options.asOf, extraWhere: inChunk }),
    Prisma.sql`s.id`,
  );
}

/**
 * The next `batchSize` emails sent by `prefilter` after `after` in (sent_at, id) order, each with
 * whether it is due by `asOf` under `policies` (unlabeled emails only).
 */
export function selectPolicyDueChunk(
  client: SqlClient,
  options: { policies: EnabledPolicy[]; asOf: Date; prefilter: Date; after: { id: string; sent_at: Date } | null; batchSize: number },
): Promise<{ id: string; sent_at: Date; due: boolean }[]> {
  const { after } = options;
  return dueChunk<{ id: string; sent_at: Date }>(
    client,
    Prisma.sql`
      SELECT e.id, e.sent_at FROM archived_emails e
      WHERE e.sent_at <= ${options.prefilter.toISOString()}::timestamptz
        AND ${after === null ? Prisma.sql`TRUE` : Prisma.sql`(e.sent_at, e.id) > (${after.sent_at.toISOString()}::timestamptz, ${after.id}::uuid)`}
      ORDER BY e.sent_at, e.id LIMIT ${options.batchSize}`,
    (inChunk) => policyDueSql({ policies: options.policies, asOf: options.asOf, extraWhere: inChunk }),
    Prisma.sql`s.sent_at, s.id`,
  );
}

// --- The forecast (forecast-deletions.ts) ---

export interface BucketRow {
  rule_type: "label" | "policy";
  rule_id: string;
  rule_name: string;
  period_days: number;
  deletes: boolean;
  day: string;
  week_start: string;
  due_now: number;
  count: number;
}

/**
 * The unheld emails due by `horizon` under `labels` and `policies`, counted per rule and UTC day of
 * eligibility (emails already eligible at `now` fall on now's day), with the cycle's own due queries.
 */
export async function selectForecastBuckets(
  client: SqlClient,
  options: { labels: LabelPeriod[]; policies: EnabledPolicy[]; now: Date; horizon: Date },
): Promise<BucketRow[]> {
  const { now, horizon } = options;
  const notHeld = Prisma.sql`NOT ${ACTIVE_HOLD_EXISTS}`;
  const parts = options.labels.map((label) => labelDueSql({ label, asOf: horizon, extraWhere: notHeld }));
  if (options.policies.length > 0) parts.push(policyDueSql({ policies: options.policies, asOf: horizon, extraWhere: notHeld }));
  if (parts.length === 0) return [];
  return querySql<BucketRow>(
    client,
    Prisma.sql`
      WITH due AS (${Prisma.join(parts, " UNION ALL ")}),
      bucketed AS (
        SELECT rule_type, rule_id, rule_name, period_days, deletes, eligible_at <= ${now.toISOString()}::timestamptz AS due_now,
          (greatest(eligible_at, ${now.toISOString()}::timestamptz) AT TIME ZONE 'UTC')::date AS day
        FROM due)
      SELECT rule_type, rule_id::text, rule_name, period_days, deletes, to_char(day, 'YYYY-MM-DD') AS day,
        to_char(date_trunc('week', day), 'YYYY-MM-DD') AS week_start,
        count(*) FILTER (WHERE due_now)::int AS due_now, count(*)::int AS count
      FROM bucketed
      GROUP BY rule_type, rule_id, rule_name, period_days, deletes, day
      ORDER BY day, rule_type, rule_id`,
  );
}

// --- One email's status (get-email-retention-status.ts) ---

export interface EmailDecisionRow {
  id: string;
  sent_at: Date;
  held: boolean;
  rule_type: string;
  rule_id: string | null;
  rule_name: string | null;
  period_days: number | null;
  eligible_at: Date | null;
  action: DispositionAction | null;
  approved: boolean;
}

/** The email's retention decision as of `asOf` (decisionSql); null when there is no such email. */
export function selectEmailDecision(
  client: SqlClient,
  options: { policies: EnabledPolicy[]; asOf: Date; emailId: string },
): Promise<EmailDecisionRow | null> {
  const where = Prisma.sql`e.id = ${options.emailId}::uuid`;
  return queryOne<EmailDecisionRow>(client, decisionSql({ policies: options.policies, asOf: options.asOf, where }));
}

/** For each of `policies` (at least one), whether its sources and conditions match the email; null when there is no such email. */
export async function selectPolicyMatches(client: SqlClient, emailId: string, policies: EnabledPolicy[]): Promise<boolean[] | null> {
  const tests = Prisma.join(policies.map((policy) => Prisma.sql`${compilePolicyMatch(policy)}`));
  const row = await queryOne<{ matches: boolean[] }>(
    client,
    Prisma.sql`SELECT ARRAY[${tests}]::boolean[] AS matches FROM archived_emails e WHERE e.id = ${emailId}::uuid`,
  );
  return row?.matches ?? null;
}

// --- Immutable storage (blob-retention.ts) ---

/**
 * Per content hash of `hashes` that a row references: the latest eligibility date (decisionSql as
 * of `asOf`, ignoring holds) of the emails referencing it, and whether one of them is held.
 */
export function selectDesiredRetention(
  client: SqlClient,
  options: { policies: EnabledPolicy[]; asOf: Date; hashes: string[] },
): Promise<{ hash: string; retain_until: Date | null; legal_hold: boolean }[]> {
  const { hashes } = options;
  const referencing = Prisma.sql`e.id IN (
    SELECT id FROM archived_emails WHERE storage_hash_sha256 = ANY(${hashes}::text[])
    UNION SELECT email_id FROM attachments WHERE hash_sha256 = ANY(${hashes}::text[]))`;
  return querySql<{ hash: string; retain_until: Date | null; legal_hold: boolean }>(
    client,
    Prisma.sql`
    WITH d AS (${decisionSql({ policies: options.policies, asOf: options.asOf, where: referencing })}),
    refs AS (
      SELECT e.storage_hash_sha256 AS hash, d.eligible_at, d.held FROM d JOIN archived_emails e ON e.id = d.id
      UNION ALL
      SELECT a.hash_sha256, d.eligible_at, d.held FROM d JOIN attachments a ON a.email_id = d.id)
    SELECT hash, max(eligible_at) AS retain_until, bool_or(held) AS legal_hold
    FROM refs WHERE hash = ANY(${hashes}::text[]) GROUP BY hash ORDER BY hash`,
  );
}

/** Which of `emailIds` references which content hash (as raw message or attachment). */
export async function selectBlobHashReferencesOfEmails(
  client: SqlClient,
  emailIds: string[],
): Promise<{ emailId: string; hash: string }[]> {
  return querySql<{ emailId: string; hash: string }>(
    client,
    Prisma.sql`
    SELECT id::text AS "emailId", storage_hash_sha256 AS hash FROM archived_emails WHERE id = ANY(${emailIds}::uuid[])
    UNION SELECT email_id::text, hash_sha256 FROM attachments WHERE email_id = ANY(${emailIds}::uuid[])`,
  );
}

/** The content hashes (raw message and attachments) of `emailIds`. */
export async function selectBlobHashesOfEmails(client: SqlClient, emailIds: string[]): Promise<string[]> {
  return [...new Set((await selectBlobHashReferencesOfEmails(client, emailIds)).map((row) => row.hash))];
}

/** The next `limit` email ids after `after` (null: from the first), in id order. */
export async function selectEmailIdPage(client: SqlClient, after: string | null, limit: number): Promise<string[]> {
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`SELECT id FROM archived_emails WHERE ${after}::uuid IS NULL OR id > ${after}::uuid ORDER BY id LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Those of `emailIds` whose own rule (decisionSql as of `asOf`, holds aside) keeps them after `asOf`:
 * the date their retention ends and the rule, whoever else references their bytes.
 */
export function selectEmailsRetainedAfter(
  client: SqlClient,
  options: { policies: EnabledPolicy[]; asOf: Date; emailIds: string[] },
): Promise<{ id: string; eligible_at: Date; rule_type: string; rule_name: string | null }[]> {
  const decision = decisionSql({
    policies: options.policies,
    asOf: options.asOf,
    where: Prisma.sql`e.id = ANY(${options.emailIds}::uuid[])`,
  });
  return querySql<{ id: string; eligible_at: Date; rule_type: string; rule_name: string | null }>(
    client,
    Prisma.sql`WITH d AS (${decision}) SELECT id, eligible_at, rule_type, rule_name FROM d WHERE eligible_at IS NOT NULL AND NOT eligible ORDER BY id`,
  );
}

/** The content hashes of `emailIds` that no row outside `emailIds` references, per email. */
export function selectBlobsOnlyReferencedBy(client: SqlClient, emailIds: string[]): Promise<{ email_id: string; hash: string }[]> {
  return querySql<{ email_id: string; hash: string }>(
    client,
    Prisma.sql`
    SELECT e.id AS email_id, h.hash FROM archived_emails e
    CROSS JOIN LATERAL (SELECT e.storage_hash_sha256 AS hash UNION SELECT a.hash_sha256 FROM attachments a WHERE a.email_id = e.id) h
    WHERE e.id = ANY(${emailIds}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM archived_emails o WHERE o.storage_hash_sha256 = h.hash AND o.id <> ALL(${emailIds}::uuid[]))
      AND NOT EXISTS (SELECT 1 FROM attachments oa WHERE oa.hash_sha256 = h.hash AND oa.email_id <> ALL(${emailIds}::uuid[]))
    ORDER BY e.id, h.hash`,
  );
}

// --- Deleting due emails (delete-due-emails.ts) ---

/** Locks those of `ids` no other transaction holds (FOR UPDATE SKIP LOCKED); answers their ids. */
export async function lockEmailsSkipLocked(client: SqlClient, ids: string[]): Promise<string[]> {
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`SELECT id FROM archived_emails WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((row) => row.id);
}

/** The decision's condition for deleting an email: eligible, unheld, and a delete rule or an approved review. */
const DELETES = Prisma.sql`d.eligible AND NOT d.held AND (d.action = 'delete' OR d.approved)`;

/** The emails of `emailIds` the lifecycle would delete as of `asOf`. */
export async function selectDeletableEmails(
  client: SqlClient,
  options: { policies: EnabledPolicy[]; asOf: Date; emailIds: string[] },
): Promise<string[]> {
  const decision = decisionSql({
    policies: options.policies,
    asOf: options.asOf,
    where: Prisma.sql`e.id = ANY(${options.emailIds}::uuid[])`,
  });
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`WITH decision AS (${decision}) SELECT id FROM decision d WHERE ${DELETES}`,
  );
  return rows.map((row) => row.id);
}

export interface DeletionDecisionRow {
  id: string;
  held: boolean;
  eligible: boolean;
  rule_type: string;
  rule_id: string | null;
  rule_name: string | null;
  period_days: number | null;
  eligible_at: Date | null;
  action: string | null;
  approved: boolean;
  deleted: boolean;
  storage_hash_sha256: string | null;
  disposition_id: string | null;
  approved_by: string | null;
  approval_comment: string | null;
}

/**
 * Re-decides the emails of `emailIds` (less `exceptIds`) as of `asOf` and deletes the deletable
 * ones in ONE statement, closing their open disposition (destroyed in `cycleId`); answers each
 * email's decision, whether it was deleted, and the approval that allowed it.
 */
export function deleteDecidedEmails(
  client: SqlClient,
  options: { policies: EnabledPolicy[]; asOf: Date; emailIds: string[]; exceptIds: string[]; cycleId: string },
): Promise<DeletionDecisionRow[]> {
  const decision = decisionSql({
    policies: options.policies,
    asOf: options.asOf,
    where: Prisma.sql`e.id = ANY(${options.emailIds}::uuid[]) AND e.id <> ALL(${options.exceptIds}::uuid[])`,
  });
  return querySql<DeletionDecisionRow>(
    client,
    Prisma.sql`
      WITH decision AS (${decision}),
      removed AS (
        DELETE FROM archived_emails doomed USING decision d
        WHERE doomed.id = d.id AND ${DELETES}
        RETURNING doomed.id, doomed.storage_hash_sha256),
      closed AS (
        UPDATE email_dispositions disp
        SET open_email_id = NULL, destroyed_at = now(), destroyed_in_cycle_id = ${options.cycleId}::uuid,
          storage_hash_sha256 = removed.storage_hash_sha256
        FROM removed WHERE disp.open_email_id = removed.id
        RETURNING disp.email_id, disp.id, disp.status, disp.decided_by_email, disp.comment)
      SELECT d.id, d.held, d.eligible, d.eligible_at, d.rule_type, d.rule_id, d.rule_name, d.period_days, d.action, d.approved,
        removed.id IS NOT NULL AS deleted, removed.storage_hash_sha256,
        closed.id AS disposition_id, closed.decided_by_email AS approved_by, closed.comment AS approval_comment
      FROM decision d LEFT JOIN removed ON removed.id = d.id LEFT JOIN closed ON closed.email_id = d.id AND closed.status = 'approved'
      ORDER BY d.id`,
  );
}

/**
 * Records a pending disposition for each awaiting email, at most one open per email: the unique
 * open_email_id turns a concurrent insert into a conflict instead of a second row, and an open one
 * of another rule is replaced. Answers the dispositions written.
 */
export function queueDispositions(
  client: SqlClient,
  options: {
    awaiting: { id: string; rule_type: string; rule_id: string | null; rule_name: string | null; eligible_at: Date | null }[];
    cycleId: string;
  },
): Promise<DispositionRuleRow[]> {
  const { awaiting } = options;
  return querySql<DispositionRuleRow>(
    client,
    Prisma.sql`
      INSERT INTO email_dispositions (id, email_id, open_email_id, rule_type, rule_id, rule_name, due_at, created_in_cycle_id)
      SELECT gen_random_uuid(), a.id, a.id, a.rule_type, a.rule_id, a.rule_name, a.due_at, ${options.cycleId}::uuid
      FROM unnest(${awaiting.map((row) => row.id)}::uuid[], ${awaiting.map((row) => row.rule_type)}::text[],
        ${awaiting.map((row) => row.rule_id)}::uuid[], ${awaiting.map((row) => row.rule_name)}::text[],
        ${awaiting.map((row) => row.eligible_at!.toISOString())}::timestamptz[]) AS a(id, rule_type, rule_id, rule_name, due_at)
      ON CONFLICT (open_email_id) DO UPDATE
        SET rule_type = EXCLUDED.rule_type, rule_id = EXCLUDED.rule_id, rule_name = EXCLUDED.rule_name, due_at = EXCLUDED.due_at,
          status = 'pending', decided_at = NULL, decided_by_user_id = NULL, decided_by_email = NULL, comment = NULL
        WHERE email_dispositions.rule_id <> EXCLUDED.rule_id
      RETURNING id, email_id, rule_type, rule_id, rule_name, due_at`,
  );
}
