import { db } from "../platform/db/client";
import { enqueueJob } from "../platform/jobs/enqueue-job";
import { SEARCH_INDEX_JOB } from "./meilisearch-index-jobs";
import { listUnindexedEmailsWithoutJob } from "./search.queries";
import type { SearchEngine } from "./search-engine";
import { searchEngine } from "./search-engine-factory";

/**
 * The worker's index catch-up for an external engine: emails still not indexed a while after
 * they were archived, that no queued or running index job covers (their job failed for good, or
 * the engine was switched), get new index jobs. PostgreSQL full-text search indexes inside the
 * ingest transaction, so it never needs one. Returns how many emails were queued.
 */
export async function enqueueIndexCatchUp(
  options: { engine?: Pick<SearchEngine, "name">; olderThanMinutes?: number; limit?: number } = {},
): Promise<number> {
  if ((options.engine ?? searchEngine()).name === "postgres") return 0;
  const ids = await listUnindexedEmailsWithoutJob(db(), {
    jobType: SEARCH_INDEX_JOB,
    olderThanMinutes: options.olderThanMinutes ?? 10,
    limit: options.limit ?? 10_000,
  });
  for (let start = 0; start < ids.length; start += 1000) {
    await enqueueJob({ type: SEARCH_INDEX_JOB, payload: { emailIds: ids.slice(start, start + 1000), catchUp: true } });
  }
  return ids.length;
}
