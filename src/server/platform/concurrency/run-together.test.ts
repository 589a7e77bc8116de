import { describe, expect, it } from "vitest";
import { abortableDelay } from "./abortable-delay";
import { runTogether } from "./run-together";

describe("runTogether", () => {
  it("runs the tasks at once and answers their results in order", async () => {
    const started = performance.now();
    const results = await runTogether(
      async () => {
        await abortableDelay(80);
        return "slow";
      },
      async () => {
        await abortableDelay(80);
        return 2;
      },
    );
    expect(results).toEqual(["slow", 2]);
    expect(performance.now() - started).toBeLessThan(150);
  });

  it("aborts the others at the first failure, waits until they stopped, and throws that first failure", async () => {
    const failure = new Error("disk full");
    let otherStopped = false;
    const running = runTogether(
      async () => {
        await abortableDelay(20);
        throw failure;
      },
      async (signal) => {
        await abortableDelay(60_000, signal);
        await abortableDelay(30);
        otherStopped = true;
        signal.throwIfAborted();
        return "never";
      },
    );
    await expect(running).rejects.toBe(failure);
    expect(otherStopped).toBe(true);
  });
});
