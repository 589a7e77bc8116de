import { db, type DbOrTx } from "../db/client";

export interface AuditLogHead {
  id: number | null;
  currentHash: string | null;
  timestamp: string | null;
  count: number;
}

/**
 * The last entry of the chain and the number of entries, read in one statement (one snapshot).
 * A copy of this kept outside the database reveals a later truncation (docs/audit-log.md).
 */
export async function getAuditLogHead(options: { db?: DbOrTx } = {}): Promise<AuditLogHead> {
  const client = options.db ?? db();
  const rows = await client.$queryRaw<{ id: bigint | null; current_hash: string | null; timestamp: Date | null; count: bigint }[]>`
    SELECT last.id, last.current_hash, last.timestamp, total.count
      FROM (SELECT count(*) AS count FROM audit_logs) AS total
      LEFT JOIN LATERAL (SELECT id, current_hash, timestamp FROM audit_logs ORDER BY id DESC LIMIT 1) AS last ON true`;
  const head = rows[0];
  return {
    id: head.id === null ? null : Number(head.id),
    currentHash: head.current_hash,
    timestamp: head.timestamp?.toISOString() ?? null,
    count: Number(head.count),
  };
}
