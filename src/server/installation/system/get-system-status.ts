import { statfs } from "node:fs/promises";
import { config, dataDir } from "../../platform/config/env";
import { keptArchiveStats, utcMonthStart } from "../../archive/archive-stats";
import { db, type DbOrTx } from "../../platform/db/client";
import { meiliConfigured } from "../../search/meilisearch-index";
import { wordPairsIndexStatus } from "../../search/word-pairs-index-status";
import { storageConversionProgress } from "../../archive/storage/convert-stored-blobs";
import { storageUsage } from "../../archive/storage/storage-usage";
import type { ProcessRoleName } from "./process-roles";
import { WORKER_STALE_SECONDS } from "./system.schemas";
import type { SystemStatus } from "./system.responses";
import {
  countNotSearchableEmails,
  selectDatabaseSize,
  selectExportQueue,
  selectFailedJobs,
  selectHeartbeats,
  selectJobQueues,
  selectLastLifecycleCycle,
} from "./system.queries";

/** Failed jobs listed with their reasons (the newest). */
const FAILED_JOBS_LISTED = 20;

/**
 * What runs and how far it got (docs/operations.md, "System status"): the background processes
 * and their heartbeats, the job and export queues, the lifecycle cycles, search index coverage,
 * storage and the database's size.
 */
export async function getSystemStatus(options: { client?: DbOrTx; now?: Date } = {}): Promise<SystemStatus> {
  const client = options.client ?? db();
  const [heartbeats, queues, failed, exports, lastCycle, archive, notSearchable, databaseBytes, disk, conversion, usage, phraseIndex] =
    await Promise.all([
      selectHeartbeats(client),
      selectJobQueues(client),
      selectFailedJobs(client, FAILED_JOBS_LISTED),
      selectExportQueue(client),
      selectLastLifecycleCycle(client),
      keptArchiveStats(utcMonthStart(options.now ?? new Date(), 0)),
      countNotSearchableEmails(client),
      selectDatabaseSize(client),
      localStoreDisk(),
      storageConversionProgress(),
      storageUsage(),
      wordPairsIndexStatus(client),
    ]);
  const processes = heartbeats.map((beat) => ({
    role: beat.role as ProcessRoleName,
    hostname: beat.hostname,
    pid: beat.pid,
    startedAt: beat.startedAt.toISOString(),
    lastSeenAt: beat.lastSeenAt.toISOString(),
    secondsSinceSeen: Math.max(0, Math.round(beat.secondsSinceSeen)),
    running: beat.secondsSinceSeen <= WORKER_STALE_SECONDS,
  }));
  const intervals = heartbeats
    .filter((beat) => beat.role === "worker" && beat.secondsSinceSeen <= WORKER_STALE_SECONDS)
    .map((beat) => Number(beat.details.lifecycleIntervalMinutes))
    .filter((minutes) => Number.isFinite(minutes) && minutes > 0);
  const intervalMinutes = intervals.length > 0 ? Math.min(...intervals) : null;
  return {
    checkedAt: (options.now ?? new Date()).toISOString(),
    processes,
    workerRunning: processes.some((process) => process.role === "worker" && process.running),
    staleAfterSeconds: WORKER_STALE_SECONDS,
    jobs: {
      queues,
      failed: failed.map((job) => ({
        id: job.id,
        type: job.type,
        attempts: job.attempts,
        reason: job.lastError,
        failedAt: job.failedAt.toISOString(),
      })),
      exports,
    },
    lifecycle: {
      lastCycle: lastCycle && {
        startedAt: lastCycle.startedAt.toISOString(),
        finishedAt: lastCycle.finishedAt?.toISOString() ?? null,
        evaluated: lastCycle.evaluated,
        deleted: lastCycle.deleted,
        failed: lastCycle.failed,
        awaitingReview: lastCycle.awaitingReview,
      },
      intervalMinutes,
      nextCycleAt: nextCycleAt(lastCycle?.startedAt ?? null, intervalMinutes, options.now ?? new Date()),
    },
    searchIndex: {
      engine: meiliConfigured() ? "meilisearch" : "postgres",
      archivedEmails: archive.emails,
      searchable: Math.max(0, archive.emails - notSearchable),
      notSearchable,
      phraseIndex,
    },
    storage: { backend: config.storage.backend, usedBytes: archive.bytes, ...disk, conversion, usage },
    database: { sizeBytes: databaseBytes },
  };
}

/** The next cycle: one interval after the last one started (or now, when it is overdue or none ran yet). */
function nextCycleAt(lastStartedAt: Date | null, intervalMinutes: number | null, now: Date): string | null {
  if (intervalMinutes === null) return null;
  const due = lastStartedAt === null ? now.getTime() : lastStartedAt.getTime() + intervalMinutes * 60_000;
  return new Date(Math.max(due, now.getTime())).toISOString();
}

/** Free and total bytes of the file system holding the local store (null for S3, or when it cannot be read). */
async function localStoreDisk(): Promise<{ freeBytes: number | null; totalBytes: number | null }> {
  if (config.storage.backend !== "local") return { freeBytes: null, totalBytes: null };
  // The store's directory appears with the first email; until then its DATA_DIR's file system.
  for (const dir of [config.storage.dir, dataDir()]) {
    try {
      const stats = await statfs(dir);
      return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
    } catch {
      continue;
    }
  }
  return { freeBytes: null, totalBytes: null };
}
