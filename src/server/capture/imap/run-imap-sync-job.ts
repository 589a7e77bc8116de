import { AppError } from "../../platform/errors/app-error";
import { syncJobPayloadSchema } from "./imap.schemas";
import { syncImapSource } from "./sync-imap-source";

/**
 * The worker's "imap-sync" job. A failure that may pass (network) throws, so the job queue retries
 * it with backoff; one that will not (wrong password, unknown folder) is left on the source as
 * `error` for an operator, and so is a source deleted or changed since the job was queued.
 */
export async function runImapSyncJob(payload: Record<string, unknown>): Promise<void> {
  const { sourceId, requestedBy } = syncJobPayloadSchema.parse(payload);
  try {
    const result = await syncImapSource({ sourceId, actor: requestedBy });
    if (result.status === "error" && result.retryable) throw new Error(result.message);
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "VALIDATION")) return;
    throw error;
  }
}
