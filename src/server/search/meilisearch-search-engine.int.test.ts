import { randomBytes } from "node:crypto";
import { afterAll, describe } from "vitest";
import { db } from "../platform/db/client";
import { runNextJob } from "../platform/jobs/run-next-job";
import { searchJobHandlers } from "./meilisearch-index-jobs";
import { forgetPreparedMeiliIndexes, meiliClient } from "./meilisearch-index";
import { MeilisearchSearchEngine } from "./meilisearch-search-engine";
import { registerSearchEngineContract } from "@tests/helpers/search-engine-contract";
import { withEnv } from "@tests/helpers/with-env";

const meiliHost = process.env.MEILI_HOST;
if (!meiliHost) {
  console.warn("Meilisearch contract tests skipped: MEILI_HOST is not set (point it at a Meilisearch >= 1.12 to run them).");
}

/** Runs the queued search jobs as the worker would, and fails loudly if any did not succeed. */
async function settle(): Promise<void> {
  while (await runNextJob(searchJobHandlers)) {
    // keep going until no job is due
  }
  const unfinished = await db().job.findMany({ where: { status: { not: "done" } }, select: { type: true, status: true, lastError: true } });
  if (unfinished.length > 0) throw new Error(`search jobs not done: ${JSON.stringify(unfinished)}`);
}

describe.skipIf(!meiliHost)(`Meilisearch adapter${meiliHost ? "" : " (skipped: MEILI_HOST is not set)"}`, () => {
  // Each run uses its own index, so runs and files never see each other's documents.
  const index = `archive_test_${randomBytes(6).toString("hex")}`;
  withEnv({ MEILI_INDEX: index }, { scope: "all" });
  const engine = new MeilisearchSearchEngine();

  afterAll(async () => {
    await meiliClient().deleteIndexIfExists(index);
    forgetPreparedMeiliIndexes();
  });

  registerSearchEngineContract({ engine: () => engine, settle });
});
