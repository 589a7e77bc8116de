import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { FromHelper, ToHelper, VerifyHelperData } from "./verify-helper";
import type { RangeQueue } from "./verify-range-queue";
import { logger } from "../platform/logging/logger";

const log = logger("audit verify");

/** The helper thread compiled to plain JavaScript by scripts/build-workers.ts, relative to the project. */
export const VERIFY_HELPER_BUNDLE = ".workers/verify-helper-thread.mjs";
// Loaded by path at run time; not something for the bundler to follow.
const HELPER_THREAD = path.join(/* turbopackIgnore: true */ process.cwd(), VERIFY_HELPER_BUNDLE);
let missingBundleReported = false;

export interface RunningHelper {
  /** Resolves when the helper has no more work: told that no range is left, or ended (finished or failed). */
  finished: Promise<void>;
  stop: () => void;
}

let helpersRunning = 0;

/**
 * Reserves the helpers a verification may start now: `wanted` (default one per further core, at
 * most three) less those that verifications already running in this process hold, so a burst of
 * them costs threads and connections in proportion to the cores, not to the requests. Each
 * reservation ends when its helper's thread ends, or with releaseHelpers() if it is not started.
 */
export function reserveHelpers(wanted?: number): number {
  if (!existsSync(HELPER_THREAD)) {
    if (!missingBundleReported)
      log.error("helper bundle not built (npm run build): verifying on one thread", { bundle: VERIFY_HELPER_BUNDLE });
    missingBundleReported = true;
    return 0;
  }
  const budget = wanted !== undefined ? Math.max(0, Math.trunc(wanted)) : Math.max(0, Math.min(3, os.availableParallelism() - 1));
  const reserved = Math.max(0, budget - helpersRunning);
  helpersRunning += reserved;
  return reserved;
}

export function releaseHelpers(count: number): void {
  helpersRunning -= count;
}

/**
 * Starts a reserved helper walker thread that takes ranges from the queue until none is left.
 * Never rejects: a helper that fails gives its range back, and the other walkers walk it.
 */
export function startHelper(queue: RangeQueue, data: VerifyHelperData): RunningHelper {
  const worker = new Worker(HELPER_THREAD, { execArgv: [], workerData: data });
  let inFlight = -1;
  let toldDone = false;
  let settle!: () => void;
  const finished = new Promise<void>((resolve) => (settle = resolve));
  const giveNext = () => {
    inFlight = queue.claim();
    const message: ToHelper = inFlight < 0 ? { type: "done" } : { type: "range", index: inFlight, range: queue.ranges[inFlight] };
    worker.postMessage(message);
    if (inFlight < 0) {
      toldDone = true;
      settle();
    }
  };
  worker.on("message", (message: FromHelper) => {
    if (message.type === "result") queue.record(message.index, message.result);
    giveNext();
  });
  worker.on("error", (error) => log.error("a helper walker failed, its range is walked again", undefined, error));
  worker.on("exit", () => {
    releaseHelpers(1);
    if (inFlight >= 0) queue.giveBack(inFlight);
    inFlight = -1;
    settle();
  });
  // A helper told that no range is left has recorded all it walked: the verification does not wait
  // for it to commit its read-only transaction and exit (35-65 ms), and lets it do so. Any other
  // is ended.
  return {
    finished,
    stop: () => {
      // terminate() settles once the thread has exited, which the "exit" handler above handles.
      if (!toldDone) void worker.terminate();
    },
  };
}
