import { hostname } from "node:os";
import { db } from "../db/client";
import { errorReason } from "../errors/error-reason";

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

const MAX_ATTEMPTS = 5;
/** A job claimed longer ago than this is assumed to belong to a dead worker and is retried. */
const STALE_LOCK_MINUTES = 30;
const workerId = `${hostname()}:${process.pid}`;

interface ClaimedJob {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Claims one due job with FOR UPDATE SKIP LOCKED (several workers never take the same job),
 * runs it, and marks it done, or schedules a retry with backoff. Returns false when none was due.
 */
export async function runNextJob(handlers: Record<string, JobHandler>): Promise<boolean> {
  const types = Object.keys(handlers);
  const claimed = await db().$queryRaw<ClaimedJob[]>`
    UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1, updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE type = ANY(${types}::text[])
        AND ((status = 'queued' AND run_after <= now())
          OR (status = 'running' AND locked_at < now() - make_interval(mins => ${STALE_LOCK_MINUTES})))
      ORDER BY run_after, created_at
      FOR UPDATE SKIP LOCKED
      LIMIT 1)
    RETURNING id, type, payload, attempts`;
  const job = claimed[0];
  if (!job) return false;
  try {
    await handlers[job.type](job.payload);
    await db()
      .$executeRaw`UPDATE jobs SET status = 'done', locked_at = NULL, last_error = NULL, updated_at = now() WHERE id = ${job.id}::uuid`;
  } catch (error) {
    const giveUp = job.attempts >= MAX_ATTEMPTS;
    const backoffSeconds = Math.min(3600, 15 * 2 ** job.attempts);
    await db().$executeRaw`
      UPDATE jobs SET status = ${giveUp ? "failed" : "queued"}, locked_at = NULL, last_error = ${errorReason(error)},
        run_after = now() + make_interval(secs => ${backoffSeconds}), updated_at = now()
      WHERE id = ${job.id}::uuid`;
  }
  return true;
}
