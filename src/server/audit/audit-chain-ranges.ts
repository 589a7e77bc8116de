import type { ChainBreak, RangeWalkResult } from "./audit-chain-walk";

/** Ids above `after` and up to `upTo`; null is no bound. Decimal strings: ids are bigints. */
export interface IdRange {
  after: string | null;
  upTo: string | null;
}

/**
 * Cuts the ids from `firstId` to `lastId` into `count` ranges of equal width, the first and the
 * last unbounded so that together they cover every id whatever the gaps. Uneven ids (a forged
 * row with a huge id, say) only make the ranges uneven, never leave a row out.
 */
export function splitIdRanges(firstId: string, lastId: string, count: number): IdRange[] {
  const low = BigInt(firstId) - 1n;
  const span = BigInt(lastId) - low;
  const parts = BigInt(Math.max(1, count));
  const width = span / parts + (span % parts === 0n ? 0n : 1n);
  const ranges: IdRange[] = [];
  for (let bound = low; ranges.length === 0 || bound < BigInt(lastId); bound += width) {
    ranges.push({ after: ranges.length === 0 ? null : bound.toString(), upTo: (bound + width).toString() });
  }
  ranges[ranges.length - 1].upTo = null;
  return ranges;
}

export type JoinedChain = { broken: ChainBreak } | { broken: null; count: number; firstId: string | null; lastId: string | null };

/**
 * Joins the walks of consecutive ranges in id order into what one walk over the whole chain finds:
 * the first row of all must have no predecessor, the first row of each later range must link to the
 * last row of the range before it, and the first break in id order wins.
 */
export function joinRangeWalks(results: RangeWalkResult[]): JoinedChain {
  let count = 0;
  let firstId: string | null = null;
  let lastId: string | null = null;
  let lastHash: string | null = null;
  for (const result of results) {
    // An altered first row is the range's first row, so it comes before its link.
    if (result.count === 0 && result.broken !== null) return { broken: result.broken };
    if (result.count === 0) continue;
    const id = result.firstId!;
    if (lastHash === null) {
      if (result.firstPreviousHash !== null) return { broken: { kind: "headless", id } };
    } else if (result.firstPreviousHash !== lastHash) {
      return { broken: { kind: "unlinked", id, previousHash: result.firstPreviousHash } };
    }
    if (result.broken !== null) return { broken: result.broken };
    count += result.count;
    firstId ??= result.firstId;
    lastId = result.lastId;
    lastHash = result.lastHash;
  }
  return { broken: null, count, firstId, lastId };
}
