import type { AuditActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import { syncJobPayloadSchema } from "../imap/imap.schemas";
import type { CloudSyncResult } from "./sync-cloud-source";
import { syncGoogleWorkspaceSource } from "./sync-google-workspace-source";
import { syncMicrosoft365Source } from "./sync-microsoft365-source";

export const CLOUD_SYNC_JOB = "cloud-sync";

/** A cloud source's sync, by its provider; `actor` is who asked for it (else the connector's system actor). */
export async function syncCloudSourceById(sourceId: string, actor?: AuditActor): Promise<CloudSyncResult> {
  const source = await db().ingestionSource.findUnique({ where: { id: sourceId }, select: { provider: true } });
  if (source?.provider === "google-workspace") return syncGoogleWorkspaceSource({ sourceId, actor });
  return syncMicrosoft365Source({ sourceId, actor });
}

/**
 * The worker's "cloud-sync" job (Microsoft 365, Google Workspace). As with "imap-sync": a failure that
 * may pass (network, throttling beyond every retry) throws so the queue retries it; wrong credentials
 * stay on the source as `error`; a source deleted or changed since the job was queued is left alone.
 */
export async function runCloudSyncJob(payload: Record<string, unknown>): Promise<void> {
  const { sourceId, requestedBy } = syncJobPayloadSchema.parse(payload);
  try {
    const result = await syncCloudSourceById(sourceId, requestedBy);
    if (result.status === "error" && result.retryable) throw new Error(result.message);
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "VALIDATION")) return;
    throw error;
  }
}
