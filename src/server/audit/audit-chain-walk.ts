import { Column, type CopyTuple } from "./audit-copy-tuple";
import { AuditEntryBytes } from "./audit-entry-bytes";
import { sha256Hex } from "./audit-hash";

export type ChainBreak =
  /** The row's contents no longer hash to its stored currentHash. */
  | { kind: "altered"; id: string }
  /** The first row links to a predecessor that is not there. */
  | { kind: "headless"; id: string }
  /** The row's previousHash is not the currentHash of the row before it. */
  | { kind: "unlinked"; id: string; previousHash: string | null };

/**
 * Walks stored rows in id order with constant memory: each row must hash to its currentHash and
 * link to the row before it; the first row must have no predecessor. Hashes are compared as
 * latin1 strings of the stored bytes (cheaper than a byte loop; equal only if the bytes are).
 */
export class AuditChainWalk {
  private readonly entryBytes = new AuditEntryBytes();
  /** The currentHash of the last sound row. */
  private lastHash = "";
  private lastIdHigh = 0;
  private lastIdLow = 0;
  count = 0;
  firstId: string | null = null;

  get lastId(): string | null {
    if (this.count === 0) return null;
    return BigInt.asIntN(64, (BigInt(this.lastIdHigh) << 32n) | BigInt(this.lastIdLow >>> 0)).toString();
  }

  /** Checks the next row; returns how the chain breaks at it, or null when it is sound. */
  next(tuple: CopyTuple): ChainBreak | null {
    // The link is looked at first because a linked previousHash is cheaper to hash, but a row
    // that does not hash to its currentHash is reported as altered whatever its link.
    const linked = this.count > 0 && tuple.latin1(Column.PreviousHash) === this.lastHash;
    const digest = sha256Hex(this.entryBytes.write(tuple, linked));
    if (tuple.latin1(Column.CurrentHash) !== digest) return { kind: "altered", id: tuple.idText() };
    if (this.count === 0) {
      if (!tuple.isNull(Column.PreviousHash)) return { kind: "headless", id: tuple.idText() };
      this.firstId = tuple.idText();
    } else if (!linked) {
      return { kind: "unlinked", id: tuple.idText(), previousHash: tuple.text(Column.PreviousHash) };
    }
    this.lastHash = digest;
    this.lastIdHigh = tuple.int32(Column.Id, 0);
    this.lastIdLow = tuple.int32(Column.Id, 4);
    this.count++;
    return null;
  }
}
