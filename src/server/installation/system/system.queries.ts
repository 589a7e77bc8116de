import { Prisma } from "@/generated/prisma/client";
import { queryOne, querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

/** Rows older than this are dropped on each beat: a process gone for a week is no longer listed. */
const FORGET_AFTER = Prisma.sql`interval '7 days'`;

export async function upsertHeartbeat(
  client: SqlClient,
  beat: { id: string; role: string; hostname: string; pid: number; details: Record<string, unknown> },
): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO process_heartbeats (id, role, hostname, pid, started_at, last_seen_at, details)
    VALUES (${beat.id}, ${beat.role}, ${beat.hostname}, ${beat.pid}, now(), now(), ${JSON.stringify(beat.details)}::jsonb)
    ON CONFLICT (id) DO UPDATE SET last_seen_at = now(), details = EXCLUDED.details`,
  );
  await runSql(client, Prisma.sql`DELETE FROM process_heartbeats WHERE last_seen_at < now() - ${FORGET_AFTER}`);
}

export async function deleteHeartbeat(client: SqlClient, id: string): Promise<void> {
  await runSql(client, Prisma.sql`DELETE FROM process_heartbeats WHERE id = ${id}`);
}

export interface HeartbeatRow {
  id: string;
  role: string;
  hostname: string;
  pid: number;
  startedAt: Date;
  lastSeenAt: Date;
  secondsSinceSeen: number;
  details: Record<string, unknown>;
}

/** Every listed process, its silence measured on the database's clock (the one that stamped it). */
export function selectHeartbeats(client: SqlClient): Promise<HeartbeatRow[]> {
  return querySql<HeartbeatRow>(
    client,
    Prisma.sql`
    SELECT id, role, hostname, pid, started_at AS "startedAt", last_seen_at AS "lastSeenAt",
      EXTRACT(EPOCH FROM now() - last_seen_at)::float8 AS "secondsSinceSeen", details
    FROM process_heartbeats ORDER BY role, hostname, pid`,
  );
}

/** Whether any worker has beaten within `seconds`. */
export async function workerSeenWithin(client: SqlClient, seconds: number): Promise<boolean> {
  const row = await queryOne<{ seen: boolean }>(
    client,
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM process_heartbeats WHERE role = 'worker'
      AND last_seen_at > now() - make_interval(secs => ${seconds})) AS seen`,
  );
  return row?.seen ?? false;
}

export interface JobQueueRow {
  type: string;
  queued: number;
  running: number;
  failed: number;
}

/** Background jobs by type and state (done jobs are not counted). */
export function selectJobQueues(client: SqlClient): Promise<JobQueueRow[]> {
  return querySql<JobQueueRow>(
    client,
    Prisma.sql`
    SELECT type,
      count(*) FILTER (WHERE status = 'queued')::int AS queued,
      count(*) FILTER (WHERE status = 'running')::int AS running,
      count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM jobs WHERE status IN ('queued', 'running', 'failed') GROUP BY type ORDER BY type`,
  );
}

export interface FailedJobRow {
  id: string;
  type: string;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
}

/** The most recent jobs that failed for good, with their reasons. */
export function selectFailedJobs(client: SqlClient, limit: number): Promise<FailedJobRow[]> {
  return querySql<FailedJobRow>(
    client,
    Prisma.sql`
    SELECT id, type, attempts, last_error AS "lastError", updated_at AS "failedAt"
    FROM jobs WHERE status = 'failed' ORDER BY updated_at DESC LIMIT ${limit}`,
  );
}

/** Queues a job that failed for good again, now, with its attempts counted afresh; answers whether it was one. */
export async function requeueFailedJob(client: SqlClient, id: string): Promise<boolean> {
  const updated = await runSql(
    client,
    Prisma.sql`UPDATE jobs SET status = 'queued', attempts = 0, run_after = now(), locked_at = NULL, locked_by = NULL, updated_at = now()
      WHERE id = ${id}::uuid AND status = 'failed'`,
  );
  return updated === 1;
}

export interface ExportQueueRow {
  queued: number;
  running: number;
  failed: number;
}

/** eDiscovery exports waiting, in progress and failed. */
export async function selectExportQueue(client: SqlClient): Promise<ExportQueueRow> {
  const row = await queryOne<ExportQueueRow>(
    client,
    Prisma.sql`
    SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
      count(*) FILTER (WHERE status = 'running')::int AS running,
      count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM ediscovery_exports WHERE status IN ('queued', 'running', 'failed')`,
  );
  return row ?? { queued: 0, running: 0, failed: 0 };
}

export interface CycleRow {
  startedAt: Date;
  finishedAt: Date | null;
  evaluated: number;
  deleted: number;
  failed: number;
  awaitingReview: number;
}

export function selectLastLifecycleCycle(client: SqlClient): Promise<CycleRow | null> {
  return queryOne<CycleRow>(
    client,
    Prisma.sql`
    SELECT started_at AS "startedAt", finished_at AS "finishedAt", evaluated, deleted, failed, awaiting_review AS "awaitingReview"
    FROM lifecycle_cycles ORDER BY started_at DESC LIMIT 1`,
  );
}

/** The current database's size in bytes. */
export async function selectDatabaseSize(client: SqlClient): Promise<number> {
  const row = await queryOne<{ bytes: bigint }>(client, Prisma.sql`SELECT pg_database_size(current_database()) AS bytes`);
  return Number(row?.bytes ?? 0);
}

/** Archived emails not searchable yet (the partial index archived_emails_not_indexed_idx keeps this cheap). */
export async function countNotSearchableEmails(client: SqlClient): Promise<number> {
  const row = await queryOne<{ count: number }>(
    client,
    Prisma.sql`SELECT count(*)::int AS count FROM archived_emails WHERE NOT is_indexed`,
  );
  return row?.count ?? 0;
}
