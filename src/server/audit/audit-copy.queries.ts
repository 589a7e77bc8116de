import type pg from "pg";
import { CopyOutQuery } from "./copy-out-query";

// The verification's COPY, apart from the other audit queries: the helper threads load this file,
// and the others bring in the Prisma client (~0.1 s of CPU per thread start; zod is kept out too).

/**
 * The columns in audit-copy-tuple.ts's `Column` order. The timestamp comes binary only: the walk
 * formats every value as the recipe does (audit-entry-bytes.ts), PostgreSQL's to_char included for
 * the years JavaScript writes otherwise, which costs PostgreSQL nothing per row.
 */
const COPY_COLUMNS = `id, previous_hash, "timestamp", actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash`;

const decimalId = (id: string) => {
  if (!/^-?\d+$/.test(id)) throw new Error(`not an id: ${id}`);
  return id;
};

/**
 * The binary COPY of the next batch of the chain: ids above `afterId` and up to `upToId` (null: no
 * bound), both decimal integers read from earlier rows. COPY takes no parameters, hence the checks.
 */
function auditBatchCopyText(afterId: string | null, batchSize: number, upToId: string | null = null): string {
  const bounds = [afterId === null ? null : `id > ${decimalId(afterId)}`, upToId === null ? null : `id <= ${decimalId(upToId)}`].filter(
    Boolean,
  );
  const where = bounds.length === 0 ? "" : `WHERE ${bounds.join(" AND ")}`;
  return `COPY (SELECT ${COPY_COLUMNS} FROM audit_logs ${where} ORDER BY id LIMIT ${Math.trunc(batchSize)}) TO STDOUT (FORMAT binary)`;
}

/** Streams one batch (auditBatchCopyText) to `onChunk`, message by message, on a dedicated pg connection. */
export async function copyAuditBatch(
  client: pg.ClientBase,
  batch: { afterId: string | null; upToId: string | null; batchSize: number },
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  const copy = new CopyOutQuery(auditBatchCopyText(batch.afterId, batch.batchSize, batch.upToId), onChunk);
  client.query(copy);
  await copy.done;
}
