import { describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit";

/** A store whose groups are recorded and finish only when released. */
function recordingStore() {
  const groups: { key: string; items: number[] }[] = [];
  const releases: (() => void)[] = [];
  const store = (key: string, items: number[]) => {
    groups.push({ key, items });
    return new Promise<number[]>((resolve) => releases.push(() => resolve(items.map((item) => item * 10))));
  };
  return { groups, releases, store };
}

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createGroupCommit", () => {
  it("stores what arrives within the window as one group and settles each item with its own result only then", async () => {
    const { groups, releases, store } = recordingStore();
    const submit = createGroupCommit({ windowMs: 1, maxItems: 100, concurrency: 1, store });
    let settled = 0;
    const results = [1, 2, 3].map((item) => submit("a", item).then((result) => (settled++, result)));
    await tick();
    expect(groups).toEqual([{ key: "a", items: [1, 2, 3] }]);
    expect(settled).toBe(0);
    releases[0]();
    expect(await Promise.all(results)).toEqual([10, 20, 30]);
  });

  it("collects items arriving while a group is stored into the next group, per key", async () => {
    const { groups, releases, store } = recordingStore();
    const submit = createGroupCommit({ windowMs: 1, maxItems: 100, concurrency: 1, store });
    const first = submit("a", 1);
    await tick();
    const later = [submit("a", 2), submit("a", 3), submit("b", 4)];
    await tick();
    expect(groups).toEqual([
      { key: "a", items: [1] },
      { key: "b", items: [4] },
    ]);
    releases[0]();
    await first;
    await tick();
    expect(groups[2]).toEqual({ key: "a", items: [2, 3] });
    releases[1]();
    releases[2]();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it("stores a full group at once and rejects every item of a group whose store fails", async () => {
    const { groups, store } = recordingStore();
    const submit = createGroupCommit({ windowMs: 60_000, maxItems: 2, concurrency: 1, store });
    // Only the group handed to the store is checked; its results are never released.
    void Promise.all([submit("a", 1), submit("a", 2)]);
    expect(groups).toEqual([{ key: "a", items: [1, 2] }]);
    const failing = createGroupCommit<number, number>({
      windowMs: 1,
      maxItems: 10,
      concurrency: 1,
      store: async () => Promise.reject(new Error("database down")),
    });
    const outcomes = await Promise.allSettled([failing("a", 1), failing("a", 2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
  });

  it("stores a large group as up to `parts` groups at once, none smaller than minItems", async () => {
    const { groups, releases, store } = recordingStore();
    const submit = createGroupCommit({ windowMs: 1, maxItems: 100, concurrency: 4, split: { parts: 2, minItems: 4 }, store });
    const results = Array.from({ length: 10 }, (_, index) => submit("a", index));
    await tick();
    expect(groups.map((group) => group.items)).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
    ]);
    releases.forEach((release) => release());
    expect(await Promise.all(results)).toEqual(Array.from({ length: 10 }, (_, index) => index * 10));

    const small = Array.from({ length: 7 }, (_, index) => submit("b", index));
    await tick();
    expect(groups.slice(2).map((group) => group.items)).toEqual([[0, 1, 2, 3, 4, 5, 6]]);
    releases[2]();
    await Promise.all(small);
  });
});
