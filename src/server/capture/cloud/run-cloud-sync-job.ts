import { z } from "zod";
import { db } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import type { CloudSyncResult } from "./sync-cloud-source";
import { syncGoogleWorkspaceSource } from "./sync-google-workspace-source";
import { syncMicrosoft365Source } from "./sync-microsoft365-source";

export const CLOUD_SYNC_JOB = "cloud-sync";
const payloadSchema = z.object({ sourceId: z.uuid() });

/** A cloud source's sync, by its provider. */
export async function syncCloudSourceById(sourceId: string): Promise<CloudSyncResult> {
  const source = await db().ingestionSource.findUnique({ where: { id: sourceId }, select: { provider: true } });
  if (source?.provider === "google-workspace") return syncGoogleWorkspaceSource({ sourceId });
  return syncMicrosoft365Source({ sourceId });
}

/**
 * The worker's "cloud-sync" job (Microsoft 365, Google Workspace). As with "imap-sync": a failure that
 * may pass (network, throttling beyond every retry) throws so the queue retries it; wrong credentials
 * stay on the source as `error`; a source deleted or changed since the job was queued is left alone.
 */
export async function runCloudSyncJob(payload: Record<string, unknown>): Promise<void> {
  const { sourceId } = payloadSchema.parse(payload);
  try {
    const result = await syncCloudSourceById(sourceId);
    if (result.status === "error" && result.retryable) throw new Error(result.message);
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "VALIDATION")) return;
    throw error;
  }
}
