/**
 * `npm run worker` (scripts/worker.ts starts runWorker): runs background jobs (IMAP sync, index catch-up, Cc/Bcc of earlier mail, review analytics),
 * eDiscovery exports and lifecycle cycles every LIFECYCLE_INTERVAL_MINUTES (default 60) until
 * SIGTERM, finishing the work in hand, recording its heartbeat every 30 s. `npm start` runs it too
 * (scripts/worker-process.ts) unless its worker role is off. `-- --once` runs the due jobs, the due exports to completion
 * and one lifecycle cycle, prints the cycle's JSON summary on stdout and exits.
 */
import { resolveDatabase } from "../src/server/platform/db/database-url";
import { disconnectDb } from "../src/server/platform/db/client";
import { applyMigrations } from "../src/server/platform/db/migrations";
import { runNextExport } from "../src/server/ediscovery/export/run-export";
import { jobHandlers } from "../src/server/composition/job-handlers";
import { runJobLoops } from "../src/server/platform/jobs/job-loops";
import { runNextJob } from "../src/server/platform/jobs/run-next-job";
import { runLifecycleCycle } from "../src/server/retention/lifecycle/run-lifecycle-cycle";
import { fillRecipientKinds } from "../src/server/capture/ingestion/fill-recipient-kinds";
import { enqueueIndexCatchUp } from "../src/server/search/enqueue-index-catch-up";
import { syncWordPairsIndex } from "../src/server/search/sync-word-pairs-index";
import { analysePendingEmails } from "../src/server/analytics/analyse-pending-emails";
import { runAnalysisLoop } from "../src/server/analytics/run-analysis-loop";
import { abortableDelay } from "../src/server/platform/concurrency/abortable-delay";
import { startStorageConversion } from "../src/server/archive/storage/convert-stored-blobs";
import { measureStorageUsage, measureStorageUsageIfChanged } from "../src/server/archive/storage/storage-usage";
import { startHeartbeat } from "../src/server/installation/system/heartbeat";
import { prepareDatabase } from "../src/server/installation/system/prepare-database";
import { onStopSignals } from "./stop-signals";
import { expectDatabaseStop } from "../src/server/platform/db/pg-pool";

const log = (message: string) => console.error(`[worker] ${message}`);
const stop = new AbortController();

function lifecycleIntervalMs(): number {
  const raw = process.env.LIFECYCLE_INTERVAL_MINUTES;
  const minutes = raw === undefined || raw === "" ? 60 : Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`LIFECYCLE_INTERVAL_MINUTES must be a positive number, got "${raw}"`);
  return minutes * 60_000;
}

/** Waits between rounds of a loop; a stop request ends the wait at once. */
const sleep = (ms: number) => abortableDelay(ms, stop.signal);

/** Background jobs: a loop per type (and several for the sync types), so no job holds another type's (job-loops.ts). */
const jobLoops = () => runJobLoops(jobHandlers, { signal: stop.signal, log });

/** eDiscovery exports, one at a time; a stop request hands the export in hand back between batches. */
async function exportLoop() {
  while (!stop.signal.aborted) {
    const ran = await runNextExport({ signal: stop.signal }).catch((error) => {
      log(`export loop error: ${String(error)}`);
      return false;
    });
    if (!ran) await sleep(1000);
  }
}

/** External search engines: re-queue emails whose index job gave up (every 10 minutes). */
async function indexCatchUpLoop() {
  while (!stop.signal.aborted) {
    await enqueueIndexCatchUp()
      .then((queued) => queued > 0 && log(`index catch-up: queued ${queued} email(s)`))
      .catch((error) => log(`index catch-up error: ${String(error)}`));
    await sleep(10 * 60_000);
  }
}

/**
 * The word-pair index of phrases (docs/search.md, "Phrases: the word-pair index"): built in the
 * background while the phraseIndex setting is on (minutes at a million emails), dropped once it is
 * off, by one worker at a time; looked at every minute, so a change of the setting, or an index
 * dropped or left invalid by a crash, is acted on within one. A stop request cancels a build.
 */
async function wordPairsIndexLoop() {
  while (!stop.signal.aborted) {
    const startedAt = Date.now();
    await syncWordPairsIndex({ signal: stop.signal })
      .then(
        (outcome) =>
          outcome !== "as set" &&
          outcome !== "another process builds it" &&
          log(`word-pair index: ${outcome} (${Math.round((Date.now() - startedAt) / 1000)} s)`),
      )
      .catch((error) => log(`word-pair index error: ${String(error)}`));
    await sleep(60_000);
  }
}

/** Mail archived before Cc and Bcc were recorded gets them from its stored bytes (then every 10 minutes for stragglers). */
async function recipientKindsLoop() {
  while (!stop.signal.aborted) {
    await fillRecipientKinds({ signal: stop.signal })
      .then((filled) => filled > 0 && log(`recorded Cc/Bcc of ${filled} earlier email(s)`))
      .catch((error) => log(`recipient kinds error: ${String(error)}`));
    await sleep(10 * 60_000);
  }
}

/**
 * The storage figures (docs/operations.md, "Storage figures"): measured at start and every 6 hours,
 * and again within minutes of an import or a deletion (checked every minute).
 */
async function storageUsageLoop() {
  while (!stop.signal.aborted) {
    await measureStorageUsage().catch((error) => log(`storage usage error: ${String(error)}`));
    const next = Date.now() + 6 * 3600_000;
    while (!stop.signal.aborted && Date.now() < next) {
      await sleep(60_000);
      if (stop.signal.aborted) break;
      await measureStorageUsageIfChanged().catch((error) => log(`storage usage error: ${String(error)}`));
    }
  }
}

/** A cycle at start, then one every interval; a stop request lets the batch in hand finish. */
async function lifecycleLoop(intervalMs: number) {
  while (!stop.signal.aborted) {
    const startedAt = Date.now();
    try {
      const summary = await runLifecycleCycle({ signal: stop.signal });
      log(`lifecycle cycle: ${JSON.stringify(summary)}`);
    } catch (error) {
      log(`lifecycle cycle error: ${String(error)}`);
    }
    await sleep(intervalMs - (Date.now() - startedAt));
  }
}

/** The worker's whole run (scripts/worker.ts starts it); loading this module starts nothing. */
export async function runWorker(): Promise<void> {
  const intervalMs = lifecycleIntervalMs();
  const database = await resolveDatabase(log);
  await applyMigrations(database.url, log);
  await prepareDatabase();
  // Blobs written before storage encryption are sealed in the background (docs/operations.md).
  if (await startStorageConversion()) log("storage conversion queued: blobs written before sealing are sealed in the background");
  const once = process.argv.includes("--once");
  try {
    if (once) {
      const summary = await runLifecycleCycle();
      while (await runNextJob(jobHandlers));
      while (await runNextExport());
      await fillRecipientKinds();
      await analysePendingEmails();
      await measureStorageUsage();
      process.stdout.write(`${JSON.stringify(summary)}\n`);
      return;
    }
    onStopSignals((signal) => {
      expectDatabaseStop();
      log(`${signal}: finishing the work in hand`);
      stop.abort();
    });
    // Started by `npm start` (scripts/worker-process.ts): stop with it, even when it was killed.
    process.once("disconnect", () => {
      log("npm start is gone: finishing the work in hand");
      stop.abort();
    });
    // The system status page lists this worker by its heartbeat (and the pages warn when none beats).
    const stopBeating = await startHeartbeat({ role: "worker", details: { lifecycleIntervalMinutes: intervalMs / 60_000 }, log });
    log("started");
    await Promise.all([
      jobLoops(),
      exportLoop(),
      lifecycleLoop(intervalMs),
      indexCatchUpLoop(),
      recipientKindsLoop(),
      runAnalysisLoop({ signal: stop.signal, log }),
      storageUsageLoop(),
      wordPairsIndexLoop(),
    ]);
    await stopBeating();
    log("stopped");
  } finally {
    await disconnectDb();
    await database.stop();
  }
}
