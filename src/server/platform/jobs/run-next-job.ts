import { hostname } from "node:os";
import { db } from "../db/client";
import { errorReason } from "../errors/error-reason";
import { JobGaveUp } from "./job-gave-up";
import { claimDueJob, markJobDone, markJobFailed, renewJobClaim } from "./jobs.queries";

/** A job's handler: its payload, and the job itself (a handler that records its outcome under the job's id). */
export type JobHandler = (payload: Record<string, unknown>, job: { id: string; attempts: number }) => Promise<void>;

/** How long a claim lasts unless renewed, and how often the worker running the job renews it. */
export interface JobLease {
  seconds: number;
  renewEveryMs: number;
}

const MAX_ATTEMPTS = 5;
/**
 * A claim not renewed for 30 minutes belongs to a dead worker: its job is run again. A live worker
 * renews it every minute however long the job runs (an initial IMAP sync, the storage figures of a
 * large archive), so no other worker takes it meanwhile.
 */
const JOB_LEASE: JobLease = { seconds: 30 * 60, renewEveryMs: 60_000 };
const workerId = `${hostname()}:${process.pid}`;

/**
 * Claims one due job with FOR UPDATE SKIP LOCKED (several workers never take the same job),
 * runs it while renewing its claim, and marks it done, or schedules a retry with backoff.
 * Returns false when none was due.
 */
export async function runNextJob(handlers: Record<string, JobHandler>, lease: JobLease = JOB_LEASE): Promise<boolean> {
  const types = Object.keys(handlers);
  const job = await claimDueJob(db(), { types, workerId, staleSeconds: lease.seconds });
  if (!job) return false;
  // A renewal that fails (the database unreachable a moment) is tried again at the next tick.
  const renewal = setInterval(() => void renewJobClaim(db(), { id: job.id, workerId }).catch(() => undefined), lease.renewEveryMs);
  try {
    await handlers[job.type](job.payload, { id: job.id, attempts: job.attempts });
    await markJobDone(db(), job.id);
  } catch (error) {
    const giveUp = error instanceof JobGaveUp || job.attempts >= MAX_ATTEMPTS;
    const backoffSeconds = Math.min(3600, 15 * 2 ** job.attempts);
    await markJobFailed(db(), { id: job.id, giveUp, error: errorReason(error), backoffSeconds });
  } finally {
    clearInterval(renewal);
  }
  return true;
}
