import { Column, type CopyTuple } from "./audit-copy-tuple";
import { AuditEntryBytes } from "./audit-entry-bytes";
import { sha256Hex } from "../platform/crypto/sha256";

export type ChainBreak =
  /** The row's contents no longer hash to its stored currentHash. */
  | { kind: "altered"; id: string }
  /** The first row links to a predecessor that is not there. */
  | { kind: "headless"; id: string }
  /** The row's previousHash is not the currentHash of the row before it. */
  | { kind: "unlinked"; id: string; previousHash: string | null };

/** What a walk over one id range of the chain found (plain data: it crosses threads). */
export interface RangeWalkResult {
  /** Sound rows walked, in id order from the range's first row up to a break. */
  count: number;
  firstId: string | null;
  /** The first row's stored previousHash: its link is checked by whoever knows the row before. */
  firstPreviousHash: string | null;
  lastId: string | null;
  lastHash: string | null;
  /** The first broken row after the range's first; an altered first row is a break with count 0. */
  broken: ChainBreak | null;
}

/**
 * Walks stored rows of one id range in id order with constant memory: each row must hash to its
 * currentHash and link to the row before it. The first row's own link is only recorded, so that
 * ranges can be walked apart and joined (audit-chain-ranges.ts). Stored hashes are compared
 * byte by byte with the hex text of the digest, without making a string of them.
 */
export class AuditChainWalk {
  private readonly entryBytes = new AuditEntryBytes();
  /** The currentHash of the last sound row. */
  private lastHash = "";
  private lastIdHigh = 0;
  private lastIdLow = 0;
  count = 0;
  firstId: string | null = null;
  firstPreviousHash: string | null = null;
  broken: ChainBreak | null = null;

  get lastId(): string | null {
    if (this.count === 0) return null;
    return BigInt.asIntN(64, (BigInt(this.lastIdHigh) << 32n) | BigInt(this.lastIdLow >>> 0)).toString();
  }

  /** Checks the next row; returns false (and records the break) when the chain breaks at it. */
  next(tuple: CopyTuple): boolean {
    // The link is looked at first because a linked previousHash is cheaper to hash, but a row
    // that does not hash to its currentHash is reported as altered whatever its link.
    const linked = this.count > 0 && tuple.equalsLatin1(Column.PreviousHash, this.lastHash);
    const digest = sha256Hex(this.entryBytes.write(tuple, linked));
    if (!tuple.equalsLatin1(Column.CurrentHash, digest)) return this.breaks({ kind: "altered", id: tuple.idText() });
    if (this.count === 0) {
      this.firstId = tuple.idText();
      this.firstPreviousHash = tuple.text(Column.PreviousHash);
    } else if (!linked) {
      return this.breaks({ kind: "unlinked", id: tuple.idText(), previousHash: tuple.text(Column.PreviousHash) });
    }
    this.lastHash = digest;
    this.lastIdHigh = tuple.int32(Column.Id, 0);
    this.lastIdLow = tuple.int32(Column.Id, 4);
    this.count++;
    return true;
  }

  result(): RangeWalkResult {
    return {
      count: this.count,
      firstId: this.firstId,
      firstPreviousHash: this.firstPreviousHash,
      lastId: this.lastId,
      lastHash: this.count === 0 ? null : this.lastHash,
      broken: this.broken,
    };
  }

  private breaks(broken: ChainBreak): false {
    this.broken = broken;
    return false;
  }
}
