import { hostname } from "node:os";
import { db } from "../db/client";
import { errorReason } from "../errors/error-reason";
import { claimDueJob, markJobDone, markJobFailed } from "./jobs.queries";

/** A job's handler: its payload, and the job itself (a handler that records its outcome under the job's id). */
export type JobHandler = (payload: Record<string, unknown>, job: { id: string; attempts: number }) => Promise<void>;

const MAX_ATTEMPTS = 5;
/** A job claimed longer ago than this is assumed to belong to a dead worker and is retried. */
const STALE_LOCK_MINUTES = 30;
const workerId = `${hostname()}:${process.pid}`;

/**
 * Claims one due job with FOR UPDATE SKIP LOCKED (several workers never take the same job),
 * runs it, and marks it done, or schedules a retry with backoff. Returns false when none was due.
 */
export async function runNextJob(handlers: Record<string, JobHandler>): Promise<boolean> {
  const types = Object.keys(handlers);
  const job = await claimDueJob(db(), { types, workerId, staleMinutes: STALE_LOCK_MINUTES });
  if (!job) return false;
  try {
    await handlers[job.type](job.payload, { id: job.id, attempts: job.attempts });
    await markJobDone(db(), job.id);
  } catch (error) {
    const giveUp = job.attempts >= MAX_ATTEMPTS;
    const backoffSeconds = Math.min(3600, 15 * 2 ** job.attempts);
    await markJobFailed(db(), { id: job.id, giveUp, error: errorReason(error), backoffSeconds });
  }
  return true;
}
