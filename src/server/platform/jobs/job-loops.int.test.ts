import { describe, expect, it } from "vitest";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { db } from "../db/client";
import { enqueueJob } from "./enqueue-job";
import { runJobLoops } from "./job-loops";
import type { JobHandler } from "./run-next-job";

/**
 * Issue 48 item 4: one stuck job never holds the others. A sync that never ends (a provider that
 * never stops answering) left every other source's sync, restore and requested cycle waiting behind
 * it in the worker's single job loop.
 */
useEmptyDatabasePerTest();

const statusOf = async (id: string) => (await db().job.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

async function until(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe("the worker's job loops", () => {
  it("a stuck sync holds neither another job type nor another source's sync", async () => {
    const stop = new AbortController();
    let release = () => undefined as void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const sync: JobHandler = async (payload) => {
      if (payload.sourceId === "stuck") await stuck;
    };
    const restore: JobHandler = async () => undefined;
    const stuckJob = await enqueueJob({ type: "sync", payload: { sourceId: "stuck" } });
    const otherSource = await enqueueJob({ type: "sync", payload: { sourceId: "other" } });
    const otherType = await enqueueJob({ type: "restore" });
    const loops = runJobLoops({ sync, restore }, { signal: stop.signal, slots: { sync: 2 }, idleMs: 50 });
    try {
      expect(await until(async () => (await statusOf(otherType)) === "done", 5000)).toBe(true);
      expect(await until(async () => (await statusOf(otherSource)) === "done", 5000)).toBe(true);
      expect(await statusOf(stuckJob)).toBe("running");
    } finally {
      stop.abort();
      release();
      await loops;
    }
    expect(await statusOf(stuckJob)).toBe("done");
  });
});
