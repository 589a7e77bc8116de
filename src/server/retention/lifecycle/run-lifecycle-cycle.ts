import { batchThenOneByOne } from "../../platform/db/batch-then-one-by-one";
import { db } from "../../platform/db/client";
import { errorReason } from "../../platform/errors/error-reason";
import { isFeatureEnabled } from "../../settings/license/license";
import { syncBlobRetention } from "./blob-retention";
import { deleteDueEmails, NOTHING, type BatchOutcome } from "./delete-due-emails";
import { findDueEmailBatches } from "./find-due-emails";
import { withLifecycleLock } from "./lifecycle-lock";
import { clearBlobIntents } from "../../archive/storage/storage.queries";
import { sweepAbandonedBlobs } from "../../archive/storage/sweep-abandoned-blobs";
import { releaseUnreferencedBlobs } from "../../archive/storage/release-unreferenced-blobs";

export interface CycleSummary {
  cycleId: string | null;
  evaluated: number;
  deleted: number;
  protectedByHold: number;
  /** Due under a review rule and waiting for a decision (docs/retention.md "Disposition review"). */
  awaitingReview: number;
  failed: number;
  durationMs: number;
  /** Present when another worker was running a cycle: nothing was done or recorded. */
  skipped?: true;
  /** Present when the stop signal ended the cycle early (after the batch in hand). */
  stopped?: true;
}

export interface CycleFailure {
  emailId: string | null;
  error: string;
}

const DEFAULT_BATCH_SIZE = 200;
/**
 * Batches are disjoint, so several are deleted at once: while PostgreSQL deletes one, Node prepares
 * another's audit entries and releases a third's blobs (docs/retention.md).
 */
const BATCHES_IN_FLIGHT = 3;
/** The failures column keeps the first ones; `failed` still counts them all. */
const MAX_RECORDED_FAILURES = 1000;

/**
 * One lifecycle cycle (docs/retention.md): deletes every email whose retention has run out as of
 * `now` and that no active legal hold protects. Only one cycle runs at a time across all workers
 * (advisory lock); a second caller returns at once with `skipped`. The cycle is recorded in
 * lifecycle_cycles from its start. `signal` stops it between batches: the batches already started
 * finish, no new one starts.
 */
export async function runLifecycleCycle(options: CycleOptions = {}): Promise<CycleSummary> {
  const started = Date.now();
  const locked = await withLifecycleLock(() => runLockedCycle(options, started));
  if (locked) return locked.result;
  return {
    cycleId: null,
    evaluated: 0,
    deleted: 0,
    protectedByHold: 0,
    awaitingReview: 0,
    failed: 0,
    durationMs: Date.now() - started,
    skipped: true,
  };
}

interface CycleOptions {
  now?: Date;
  batchSize?: number;
  signal?: AbortSignal;
  /** Journal entries of bytes older than this are swept (default 15 minutes; tests pass 0). */
  sweepOlderThanMs?: number;
  /** The job of a requested cycle (request-lifecycle-cycle.ts), recorded on the cycle. */
  jobId?: string;
}

async function runLockedCycle(options: CycleOptions, started: number): Promise<CycleSummary> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const cycle = await db().lifecycleCycle.create({ data: { jobId: options.jobId ?? null }, select: { id: true } });
  const summary: CycleSummary = {
    cycleId: cycle.id,
    evaluated: 0,
    deleted: 0,
    protectedByHold: 0,
    awaitingReview: 0,
    failed: 0,
    durationMs: 0,
  };
  const failures: CycleFailure[] = [];
  const fail = (emailId: string | null, error: unknown) => {
    if (emailId !== null) summary.failed++;
    if (failures.length < MAX_RECORDED_FAILURES) failures.push({ emailId, error: errorReason(error) });
  };
  try {
    // Without the RETENTION_POLICY feature neither labels nor policies delete anything.
    // Immutability mode: first bring the stored retention up to the rules, holds and labels as
    // they are now (policy and label changes, released holds), then delete what the store allows.
    await syncBlobRetention().catch((error) => fail(null, error));
    if (isFeatureEnabled("RETENTION_POLICY")) {
      const inFlight = new Set<Promise<void>>();
      const processBatch = async (ids: string[]) => {
        const outcome = await deleteBatch(ids, now, cycle.id, fail);
        summary.deleted += outcome.deleted.length;
        summary.protectedByHold += outcome.protectedByHold;
        summary.awaitingReview += outcome.awaitingReview;
        for (const refusal of outcome.refused) fail(refusal.emailId, new Error(`Not deleted: ${refusal.reason}`));
        await releaseUnreferencedBlobs({ hashes: outcome.releasedHashes })
          .then(() => clearBlobIntents(db(), outcome.intentIds))
          .catch((error) => fail(null, error));
      };
      try {
        for await (const ids of findDueEmailBatches({ asOf: now, batchSize })) {
          summary.evaluated += ids.length;
          const work: Promise<void> = processBatch(ids).finally(() => inFlight.delete(work));
          inFlight.add(work);
          if (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race(inFlight);
          if (options.signal?.aborted) {
            summary.stopped = true;
            break;
          }
        }
      } finally {
        await Promise.allSettled(inFlight);
      }
    }
    // Bytes that crashed imports or interrupted clean-ups left behind (storage/blob-intents.ts).
    if (!summary.stopped) await sweepAbandonedBlobs({ olderThanMs: options.sweepOlderThanMs }).catch((error) => fail(null, error));
  } catch (error) {
    fail(null, error);
  } finally {
    summary.durationMs = Date.now() - started;
    await db().lifecycleCycle.update({
      where: { id: cycle.id },
      data: {
        finishedAt: new Date(),
        evaluated: summary.evaluated,
        deleted: summary.deleted,
        protectedByHold: summary.protectedByHold,
        awaitingReview: summary.awaitingReview,
        failed: summary.failed,
        durationMs: summary.durationMs,
        failures: failures as object[],
      },
    });
  }
  return summary;
}

/**
 * The batch in one transaction; if it fails, each email on its own, so that one failing email is
 * recorded and skipped while the others are still deleted.
 */
async function deleteBatch(
  ids: string[],
  now: Date,
  cycleId: string,
  fail: (emailId: string | null, error: unknown) => void,
): Promise<BatchOutcome> {
  const outcomes = await batchThenOneByOne(ids, (batchIds) => deleteDueEmails({ ids: batchIds, now, cycleId }), fail);
  const combined: BatchOutcome = { ...NOTHING, deleted: [], releasedHashes: [], intentIds: [], refused: [] };
  for (const outcome of outcomes) {
    combined.deleted.push(...outcome.deleted);
    combined.protectedByHold += outcome.protectedByHold;
    combined.awaitingReview += outcome.awaitingReview;
    combined.releasedHashes.push(...outcome.releasedHashes);
    combined.intentIds.push(...outcome.intentIds);
    combined.refused.push(...outcome.refused);
  }
  return combined;
}
