import { CLOUD_SYNC_JOB, runCloudSyncJob } from "../capture/cloud/run-cloud-sync-job";
import { IMAP_SYNC_JOB } from "../capture/imap/imap.schemas";
import { runImapSyncJob } from "../capture/imap/run-imap-sync-job";
import { BULK_RESTORE_JOB } from "../capture/restore/restore.schemas";
import { runBulkRestoreJob } from "../capture/restore/run-bulk-restore-job";
import { searchJobHandlers } from "../search/meilisearch-index-jobs";
import { runStorageConversionJob, STORAGE_CONVERSION_JOB } from "../archive/storage/convert-stored-blobs";
import { LIFECYCLE_CYCLE_JOB } from "../retention/lifecycle/lifecycle.schemas";
import { runRequestedCycle } from "../retention/lifecycle/run-requested-cycle";
import type { JobHandler } from "../platform/jobs/run-next-job";
import { regroupNearDuplicates } from "../analytics/regroup-near-duplicates";
import { NEAR_DUPLICATE_REGROUP_JOB } from "../settings/update-settings";

/** Every background job type the worker runs, by name. */
export const jobHandlers: Record<string, JobHandler> = {
  [IMAP_SYNC_JOB]: runImapSyncJob,
  [CLOUD_SYNC_JOB]: runCloudSyncJob,
  [BULK_RESTORE_JOB]: runBulkRestoreJob,
  [STORAGE_CONVERSION_JOB]: runStorageConversionJob,
  [LIFECYCLE_CYCLE_JOB]: runRequestedCycle,
  [NEAR_DUPLICATE_REGROUP_JOB]: regroupNearDuplicates,
  ...searchJobHandlers,
};
