import { IMAP_SYNC_JOB } from "../imap/imap.schemas";
import { runImapSyncJob } from "../imap/run-imap-sync-job";
import { searchJobHandlers } from "../search/meilisearch-index-jobs";
import type { JobHandler } from "./run-next-job";

/** Every background job type the worker runs, by name. */
export const jobHandlers: Record<string, JobHandler> = {
  [IMAP_SYNC_JOB]: runImapSyncJob,
  ...searchJobHandlers,
};
