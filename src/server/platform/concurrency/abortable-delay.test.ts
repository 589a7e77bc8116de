import { describe, expect, it, vi } from "vitest";
import { abortableDelay } from "./abortable-delay";

describe("abortableDelay", () => {
  it("waits the time given", async () => {
    const started = performance.now();
    await abortableDelay(60);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it("ends at once when the signal aborts, or has aborted", async () => {
    const stop = new AbortController();
    const started = performance.now();
    setTimeout(() => stop.abort(), 20);
    await abortableDelay(60_000, stop.signal);
    expect(performance.now() - started).toBeLessThan(5_000);
    await abortableDelay(60_000, stop.signal);
    await abortableDelay(-5);
  });

  it("waits longer than one timer can (a lifecycle interval of months)", async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const waiting = abortableDelay(40 * 24 * 3600_000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(30 * 24 * 3600_000);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(10 * 24 * 3600_000);
      await waiting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
