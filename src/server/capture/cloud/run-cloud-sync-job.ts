import type { AuditActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { syncJobPayloadSchema } from "../imap/imap.schemas";
import { settleSyncJob } from "../sync-job-outcome";
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

/** The worker's "cloud-sync" job (Microsoft 365, Google Workspace); how it ends is settleSyncJob's rule, as for "imap-sync". */
export async function runCloudSyncJob(payload: Record<string, unknown>): Promise<void> {
  const { sourceId, requestedBy } = syncJobPayloadSchema.parse(payload);
  await settleSyncJob(sourceId, () => syncCloudSourceById(sourceId, requestedBy));
}
