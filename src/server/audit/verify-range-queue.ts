import type { RangeWalkResult } from "./audit-chain-walk";
import type { IdRange } from "./audit-chain-ranges";

/**
 * Hands the ranges of a verification out to its walkers, lowest first, and keeps what each found.
 * Once a range breaks inside, the ranges after it are not handed out: the first break is reported
 * and only the ranges before it still matter. A range given back (its walker failed) goes out again.
 */
export class RangeQueue {
  private readonly results: (RangeWalkResult | undefined)[];
  private nextIndex = 0;
  private stopAt = Number.POSITIVE_INFINITY;
  private readonly givenBack: number[] = [];

  constructor(readonly ranges: IdRange[]) {
    this.results = new Array(ranges.length);
  }

  /** The index of the next range to walk, or -1 when none is left. */
  claim(): number {
    this.givenBack.sort((a, b) => b - a);
    while (this.givenBack.length > 0) {
      const index = this.givenBack.pop()!;
      if (index < this.stopAt) return index;
    }
    if (this.nextIndex < this.ranges.length && this.nextIndex < this.stopAt) return this.nextIndex++;
    return -1;
  }

  giveBack(index: number): void {
    this.givenBack.push(index);
  }

  record(index: number, result: RangeWalkResult): void {
    this.results[index] = result;
    if (result.broken !== null) this.stopAt = Math.min(this.stopAt, index + 1);
  }

  /** The results in id order up to the first range that broke inside. */
  walked(): RangeWalkResult[] {
    const walked: RangeWalkResult[] = [];
    for (let index = 0; index < Math.min(this.ranges.length, this.stopAt); index++) {
      const result = this.results[index];
      if (result === undefined) throw new Error(`range ${index} of the verification was not walked`);
      walked.push(result);
    }
    return walked;
  }
}
