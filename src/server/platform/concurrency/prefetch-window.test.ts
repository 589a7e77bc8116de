import { describe, expect, it } from "vitest";
import { prefetchWindow } from "./prefetch-window";

/** A read that finishes when the test says so, recording when it started. */
function controlledReads() {
  const started: string[] = [];
  const finish = new Map<string, (value: string) => void>();
  const read = (item: string) =>
    new Promise<string>((resolve) => {
      started.push(item);
      finish.set(item, (value) => resolve(value));
    });
  return { started, read, finish: (item: string) => finish.get(item)!(`read ${item}`) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("prefetchWindow", () => {
  it("keeps at most `depth` items being read or read and not yet taken, across batches, and hands them back in order", async () => {
    const reads = controlledReads();
    const window = prefetchWindow(3);
    const first = window.fetch(["a1", "a2"], reads.read);
    const second = window.fetch(["b1", "b2", "b3"], reads.read);
    await turn();
    // The next batch's first read starts at once (a free slot), before the batch before it is taken.
    expect(reads.started).toEqual(["a1", "a2", "b1"]);
    // Finished out of order, they are still taken in order; a read done but not taken keeps its slot.
    reads.finish("a2");
    reads.finish("b1");
    await turn();
    expect(reads.started).toEqual(["a1", "a2", "b1"]);
    reads.finish("a1");
    expect(await first.next()).toBe("read a1");
    await turn();
    expect(reads.started).toEqual(["a1", "a2", "b1", "b2"]);
    expect(await first.next()).toBe("read a2");
    await turn();
    expect(reads.started).toEqual(["a1", "a2", "b1", "b2", "b3"]);
    reads.finish("b2");
    reads.finish("b3");
    expect([await second.next(), await second.next(), await second.next()]).toEqual(["read b1", "read b2", "read b3"]);
    await expect(second.next()).rejects.toThrow("no prefetched item left");
  });

  it("hands a failed read to the one who takes it, and frees its slot", async () => {
    const window = prefetchWindow(1);
    const batch = window.fetch([1, 2], async (item) => {
      if (item === 1) throw new Error("GET failed");
      return item;
    });
    await expect(batch.next()).rejects.toThrow("GET failed");
    expect(await batch.next()).toBe(2);
  });
});
