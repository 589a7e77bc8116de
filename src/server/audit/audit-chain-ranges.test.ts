import { describe, expect, it } from "vitest";
import type { RangeWalkResult } from "./audit-chain-walk";
import { joinRangeWalks, splitIdRanges } from "./audit-chain-ranges";
import { RangeQueue } from "./verify-range-queue";

const walked = (fields: Partial<RangeWalkResult>): RangeWalkResult => ({
  count: 0,
  firstId: null,
  firstPreviousHash: null,
  lastId: null,
  lastHash: null,
  broken: null,
  ...fields,
});

describe("splitIdRanges", () => {
  it("cuts the ids into equal ranges, unbounded at both ends", () => {
    expect(splitIdRanges("1", "10", 3)).toEqual([
      { after: null, upTo: "4" },
      { after: "4", upTo: "8" },
      { after: "8", upTo: null },
    ]);
  });

  it("makes no more ranges than ids, and one for a single id", () => {
    expect(splitIdRanges("5", "7", 16)).toEqual([
      { after: null, upTo: "5" },
      { after: "5", upTo: "6" },
      { after: "6", upTo: null },
    ]);
    expect(splitIdRanges("42", "42", 8)).toEqual([{ after: null, upTo: null }]);
  });

  it("covers ids beyond 2^53 and below zero exactly", () => {
    const ranges = splitIdRanges("-3", "9223372036854775807", 2);
    expect(ranges).toEqual([
      { after: null, upTo: "4611686018427387902" },
      { after: "4611686018427387902", upTo: null },
    ]);
  });
});

describe("joinRangeWalks", () => {
  const first = walked({ count: 3, firstId: "1", firstPreviousHash: null, lastId: "3", lastHash: "c" });

  it("joins linked ranges, skipping empty ones", () => {
    const second = walked({ count: 2, firstId: "7", firstPreviousHash: "c", lastId: "8", lastHash: "e" });
    expect(joinRangeWalks([walked({}), first, walked({}), second])).toEqual({ broken: null, count: 5, firstId: "1", lastId: "8" });
    expect(joinRangeWalks([walked({})])).toEqual({ broken: null, count: 0, firstId: null, lastId: null });
  });

  it("reports a first row with a predecessor as headless", () => {
    expect(joinRangeWalks([walked({ ...first, firstPreviousHash: "z" })])).toEqual({ broken: { kind: "headless", id: "1" } });
  });

  it("reports a range whose first row does not link to the range before", () => {
    const second = walked({ count: 2, firstId: "4", firstPreviousHash: "x", lastId: "5", lastHash: "e" });
    expect(joinRangeWalks([first, second])).toEqual({ broken: { kind: "unlinked", id: "4", previousHash: "x" } });
  });

  it("reports an altered first row before its link, and a range's own break after it", () => {
    const altered = walked({ broken: { kind: "altered", id: "4" } });
    expect(joinRangeWalks([first, altered])).toEqual({ broken: { kind: "altered", id: "4" } });
    const brokenLater = walked({
      count: 1,
      firstId: "4",
      firstPreviousHash: "x",
      lastId: "4",
      lastHash: "d",
      broken: { kind: "altered", id: "5" },
    });
    expect(joinRangeWalks([first, brokenLater])).toEqual({ broken: { kind: "unlinked", id: "4", previousHash: "x" } });
    expect(joinRangeWalks([first, { ...brokenLater, firstPreviousHash: "c" }])).toEqual({ broken: { kind: "altered", id: "5" } });
  });
});

describe("RangeQueue", () => {
  const ranges = splitIdRanges("1", "100", 5);

  it("hands the ranges out lowest first, given-back ones before new ones", () => {
    const queue = new RangeQueue(ranges);
    expect([queue.claim(), queue.claim(), queue.claim()]).toEqual([0, 1, 2]);
    queue.giveBack(1);
    queue.giveBack(0);
    expect([queue.claim(), queue.claim(), queue.claim(), queue.claim(), queue.claim()]).toEqual([0, 1, 3, 4, -1]);
  });

  it("stops handing out ranges after one that broke, and returns the results up to it", () => {
    const queue = new RangeQueue(ranges);
    expect([queue.claim(), queue.claim(), queue.claim()]).toEqual([0, 1, 2]);
    queue.record(1, walked({ broken: { kind: "altered", id: "30" } }));
    queue.giveBack(2);
    expect(queue.claim()).toBe(-1);
    expect(() => queue.walked()).toThrow(/range 0/);
    queue.record(0, walked({ count: 20 }));
    expect(queue.walked().map((result) => result.count)).toEqual([20, 0]);
  });
});
