import { Prisma } from "@/generated/prisma/client";
import { queryOne, runSql, type SqlClient } from "../db/sql-client";

export interface ClaimedJob {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export async function insertJob(
  client: SqlClient,
  job: { type: string; payload: Record<string, unknown>; runAfter: Date },
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    client,
    Prisma.sql`INSERT INTO jobs (id, type, payload, run_after) VALUES (gen_random_uuid(), ${job.type}, ${JSON.stringify(job.payload)}::jsonb,
      ${job.runAfter.toISOString()}::timestamptz) RETURNING id`,
  );
  return row!.id;
}

/**
 * Claims one due job of the given types with FOR UPDATE SKIP LOCKED (several workers never take the
 * same job): a queued one whose time has come, or a running one whose claim was not renewed for
 * `staleSeconds` (its worker is gone).
 */
export async function claimDueJob(
  client: SqlClient,
  claim: { types: string[]; workerId: string; staleSeconds: number },
): Promise<ClaimedJob | null> {
  return queryOne<ClaimedJob>(
    client,
    Prisma.sql`
    UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${claim.workerId}, attempts = attempts + 1, updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE type = ANY(${claim.types}::text[])
        AND ((status = 'queued' AND run_after <= now())
          OR (status = 'running' AND locked_at < now() - make_interval(secs => ${claim.staleSeconds})))
      ORDER BY run_after, created_at
      FOR UPDATE SKIP LOCKED
      LIMIT 1)
    RETURNING id, type, payload, attempts`,
  );
}

/** Renews the claim of a job `workerId` is running (nothing once it is finished or claimed by another). */
export async function renewJobClaim(client: SqlClient, claim: { id: string; workerId: string }): Promise<void> {
  await runSql(
    client,
    Prisma.sql`UPDATE jobs SET locked_at = now() WHERE id = ${claim.id}::uuid AND status = 'running' AND locked_by = ${claim.workerId}`,
  );
}

export async function markJobDone(client: SqlClient, id: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`UPDATE jobs SET status = 'done', locked_at = NULL, last_error = NULL, updated_at = now() WHERE id = ${id}::uuid`,
  );
}

/** Records a failed run: queued again after `backoffSeconds`, or failed for good. */
export async function markJobFailed(
  client: SqlClient,
  failure: { id: string; giveUp: boolean; error: string; backoffSeconds: number },
): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    UPDATE jobs SET status = ${failure.giveUp ? "failed" : "queued"}, locked_at = NULL, last_error = ${failure.error},
      run_after = now() + make_interval(secs => ${failure.backoffSeconds}), updated_at = now()
    WHERE id = ${failure.id}::uuid`,
  );
}

/** The oldest queued or running job of `type` whose payload's `sourceId` is `sourceId`. */
export async function selectUnfinishedSourceJob(client: SqlClient, type: string, sourceId: string) {
  return queryOne<{ id: string; status: string }>(
    client,
    Prisma.sql`
    SELECT id, status FROM jobs
    WHERE type = ${type} AND status IN ('queued', 'running') AND payload->>'sourceId' = ${sourceId}
    ORDER BY created_at LIMIT 1`,
  );
}

/** Serializes the transactions that queue a job of `type` only when none is unfinished (released at commit). */
export async function lockJobType(client: SqlClient, type: string): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${`job-type:${type}`}))`);
}

/** The oldest job of `type` still waiting for a worker (queued, not yet claimed). */
export async function selectQueuedJob(client: SqlClient, type: string) {
  return queryOne<{ id: string }>(
    client,
    Prisma.sql`SELECT id FROM jobs WHERE type = ${type} AND status = 'queued' ORDER BY created_at LIMIT 1`,
  );
}

/** The oldest queued or running job of `type`. */
export async function selectUnfinishedJob(client: SqlClient, type: string) {
  return queryOne<{ id: string; status: string }>(
    client,
    Prisma.sql`SELECT id, status FROM jobs WHERE type = ${type} AND status IN ('queued', 'running') ORDER BY created_at LIMIT 1`,
  );
}
