import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { db } from "../db/client";
import { enqueueJob } from "./enqueue-job";
import { runNextJob, type JobHandler } from "./run-next-job";

/**
 * The job queue with several workers on one database (e2e/scale-out.spec.ts): every job is run
 * once, by one worker, however many claim at once and however long it runs.
 */
useEmptyDatabasePerTest();

/** A handler counting its runs per job id. */
function counting(runs: Map<string, number>, work: () => Promise<void> = async () => {}): JobHandler {
  return async (_payload, job) => {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    await work();
  };
}

const jobRows = () => db().job.findMany({ select: { id: true, status: true, attempts: true, lastError: true } });

describe("runNextJob with several workers", () => {
  it("workers claiming at once run every job once", async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => enqueueJob({ type: "count", payload: { n } })));
    const runs = new Map<string, number>();
    const handlers = { count: counting(runs, () => sleep(5)) };
    const worker = async () => {
      while (await runNextJob(handlers));
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    for (const job of await jobRows()) expect(job).toMatchObject({ status: "done", attempts: 1, lastError: null });
  });

  it("a job that runs longer than the claim's lease keeps its claim while its worker lives", async () => {
    const id = await enqueueJob({ type: "slow" });
    const runs = new Map<string, number>();
    let finished = false;
    // The claim lasts 2 s unless renewed; the job takes 5 s; another worker polls meanwhile.
    const lease = { seconds: 2, renewEveryMs: 500 };
    const handlers = { slow: counting(runs, () => sleep(5000)) };
    const first = runNextJob(handlers, lease).finally(() => (finished = true));
    const other = (async () => {
      while (!finished) {
        await runNextJob(handlers, lease);
        await sleep(200);
      }
    })();
    await Promise.all([first, other]);
    expect(runs.get(id)).toBe(1);
    expect(await jobRows()).toEqual([{ id, status: "done", attempts: 1, lastError: null }]);
  });

  it("a dead worker's job is claimed again once its lease has expired", async () => {
    const id = await enqueueJob({ type: "slow" });
    await db().job.update({
      where: { id },
      data: { status: "running", attempts: 1, lockedBy: "dead:1", lockedAt: new Date(Date.now() - 3000) },
    });
    const runs = new Map<string, number>();
    expect(await runNextJob({ slow: counting(runs) }, { seconds: 2, renewEveryMs: 500 })).toBe(true);
    expect(runs.get(id)).toBe(1);
    expect(await jobRows()).toEqual([{ id, status: "done", attempts: 2, lastError: null }]);
  });
});
