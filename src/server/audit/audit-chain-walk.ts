import { auditEntryHash, type HashedAuditFields } from "./audit-hash";

/** One stored row as read back for verification (id kept as the database's decimal text). */
export interface StoredAuditRow extends HashedAuditFields {
  id: string;
  currentHash: string;
}

export type ChainBreak =
  /** The row's contents no longer hash to its stored currentHash. */
  | { kind: "altered"; id: string }
  /** The first row links to a predecessor that is not there. */
  | { kind: "headless"; id: string }
  /** The row's previousHash is not the currentHash of the row before it. */
  | { kind: "unlinked"; id: string; previousHash: string | null };

/**
 * Walks stored rows in id order with constant memory: each row must hash to its currentHash and
 * link to the row before it; the first row must have no predecessor.
 */
export class AuditChainWalk {
  private lastHash: string | null = null;
  count = 0;
  firstId: string | null = null;
  lastId: string | null = null;

  /** Checks the next row; returns how the chain breaks at it, or null when it is sound. */
  next(row: StoredAuditRow): ChainBreak | null {
    if (auditEntryHash(row) !== row.currentHash) return { kind: "altered", id: row.id };
    if (this.count === 0) {
      if (row.previousHash !== null) return { kind: "headless", id: row.id };
      this.firstId = row.id;
    } else if (row.previousHash !== this.lastHash) {
      return { kind: "unlinked", id: row.id, previousHash: row.previousHash };
    }
    this.lastHash = row.currentHash;
    this.lastId = row.id;
    this.count++;
    return null;
  }
}
