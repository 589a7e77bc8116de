import { settleSyncJob } from "../sync-job-outcome";
import { syncJobPayloadSchema } from "./imap.schemas";
import { syncImapSource } from "./sync-imap-source";

/** The worker's "imap-sync" job; how it ends is settleSyncJob's rule, shared with the cloud sync. */
export async function runImapSyncJob(payload: Record<string, unknown>): Promise<void> {
  const { sourceId, requestedBy } = syncJobPayloadSchema.parse(payload);
  await settleSyncJob(sourceId, () => syncImapSource({ sourceId, actor: requestedBy }));
}
