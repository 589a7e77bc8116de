import { describe, expect, it } from "vitest";
import { groupedRunner } from "./grouped-runner";
import { latch } from "@tests/helpers/latch";

describe("groupedRunner", () => {
  it("runs the first call at once and groups the calls made while it runs into the next run, never into the running one", async () => {
    const runs: number[][] = [];
    const gates = [latch(), latch()];
    const run = groupedRunner(async (items: number[]) => {
      runs.push(items);
      await gates[runs.length - 1]?.opened;
      return items.map((item) => item * 10);
    });
    const first = run(1);
    await Promise.resolve();
    const later = [run(2), run(3), run(4)];
    // The first run is still going: the later calls wait instead of joining its answer.
    expect(runs).toEqual([[1]]);
    gates[0].open();
    expect(await first).toBe(10);
    gates[1].open();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it("runs each caller of a failed group alone, so only the failing one fails", async () => {
    const runs: string[][] = [];
    const block = latch();
    const run = groupedRunner(async (items: string[]) => {
      runs.push(items);
      if (runs.length === 1) await block.opened;
      if (items.includes("bad")) throw new Error("bad item");
      return items.map((item) => item.toUpperCase());
    });
    const first = run("first");
    await Promise.resolve();
    const grouped = [run("a"), run("bad"), run("b")].map((promise) => promise.then(String, (error: Error) => error.message));
    block.open();
    expect(await first).toBe("FIRST");
    expect(await Promise.all(grouped)).toEqual(["A", "bad item", "B"]);
    expect(runs).toEqual([["first"], ["a", "bad", "b"], ["a"], ["bad"], ["b"]]);
  });
});
