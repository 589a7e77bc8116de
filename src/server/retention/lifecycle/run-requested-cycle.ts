import { runLifecycleCycle } from "./run-lifecycle-cycle";

/** How long a requested cycle waits for a cycle already running (another worker's, or the scheduled one) before its job is retried. */
const WAIT_FOR_RUNNING_CYCLE_MS = 10 * 60_000;
const POLL_MS = 1000;

/**
 * The worker's handler of a requested cycle (request-lifecycle-cycle.ts): runs one cycle recorded
 * under the job's id. When another cycle holds the lifecycle lock it waits for that one to end, so
 * the request is answered by a cycle that started after it was made.
 */
export async function runRequestedCycle(_payload: Record<string, unknown>, job: { id: string }): Promise<void> {
  const giveUpAt = Date.now() + WAIT_FOR_RUNNING_CYCLE_MS;
  for (;;) {
    const summary = await runLifecycleCycle({ jobId: job.id });
    if (!summary.skipped) return;
    if (Date.now() >= giveUpAt) throw new Error("Another lifecycle cycle kept running; the request is tried again");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
