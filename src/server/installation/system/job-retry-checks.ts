import type { Principal } from "../../identity/auth/principal";
import { BULK_RESTORE_JOB } from "../../capture/restore/restore.schemas";
import { assertMayRetryRestoreJob } from "../../capture/restore/restore-run-access";
import type { Tx } from "../../platform/db/client";

/** Refuses (an AppError) a caller who may not retry this job, whatever their permission to retry jobs. */
export type JobRetryCheck = (options: { principal: Principal; payload: Record<string, unknown>; client: Tx }) => Promise<void>;

/**
 * Who may retry a failed job beyond `manage:system`, by job type: a job that acts for one requester
 * (a bulk restore writes into a mailbox on their behalf) is theirs and `manage:all`'s to set going
 * again. Types not listed need nothing more (retry-failed-job.ts).
 */
export const jobRetryChecks: Partial<Record<string, JobRetryCheck>> = {
  [BULK_RESTORE_JOB]: assertMayRetryRestoreJob,
};
