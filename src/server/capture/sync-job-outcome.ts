import { db } from "../platform/db/client";
import { AppError } from "../platform/errors/app-error";
import { JobGaveUp } from "../platform/jobs/job-gave-up";
import { SourceSecretUnreadableError } from "./open-source-secret";
import { logger } from "../platform/logging/logger";

type SyncResult = { status: "skipped" | "synced" } | { status: "error"; message: string; retryable: boolean };

/**
 * How a source's sync job ends (the worker's "imap-sync" and "cloud-sync"). A failure that may pass
 * (network, throttling beyond every retry) throws, so the queue retries it with backoff; one that
 * will not (wrong credentials, unknown folder) stays on the source as `error` for an operator; a
 * source deleted or changed since the job was queued is left alone. A stored secret that does not
 * open here is put on the source and fails the job for good with its reason, logged: a sync that
 * could not even sign in never ends as done.
 */
export async function settleSyncJob(sourceId: string, sync: () => Promise<SyncResult>): Promise<void> {
  try {
    const result = await sync();
    if (result.status === "error" && result.retryable) throw new Error(result.message);
  } catch (error) {
    if (error instanceof SourceSecretUnreadableError) {
      const reason = error.fieldErrors?.[0]?.message ?? error.message;
      await db().ingestionSource.updateMany({ where: { id: sourceId }, data: { status: "error", statusMessage: reason } });
      logger("sync").error("stored secret does not open: the sync gave up", { sourceId, reason });
      throw new JobGaveUp(reason);
    }
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "VALIDATION")) return;
    throw error;
  }
}
