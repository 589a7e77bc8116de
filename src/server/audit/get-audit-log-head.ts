import { db, type DbOrTx } from "../platform/db/client";
import { selectAuditLogHead } from "./audit.queries";
import type { AuditLogHead } from "./audit.responses";

/**
 * The last entry of the chain and the number of entries, read in one statement (one snapshot).
 * A copy of this kept outside the database reveals a later truncation (docs/audit-log.md).
 */
export async function getAuditLogHead(options: { client?: DbOrTx } = {}): Promise<AuditLogHead> {
  const head = await selectAuditLogHead(options.client ?? db());
  return {
    id: head.id === null ? null : Number(head.id),
    currentHash: head.current_hash,
    timestamp: head.timestamp?.toISOString() ?? null,
    count: Number(head.count),
  };
}
