import type { DbOrTx } from "../db/client";

/** A source's deltas are folded into one row once this many have piled up. */
const FOLD_AFTER_DELTAS = 100;

/**
 * The number of emails of each given source, from the deltas the archived_emails triggers append
 * (migration 20261123131000_source_email_counts): O(deltas) instead of counting the source's emails.
 */
export async function sourceEmailCounts(client: DbOrTx, sourceIds: string[]): Promise<Map<string, number>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await client.$queryRaw<{ id: string; total: bigint; deltas: bigint }[]>`
    SELECT ingestion_source_id AS id, sum(delta)::bigint AS total, count(*) AS deltas
      FROM source_email_count_deltas WHERE ingestion_source_id = ANY(${sourceIds}::uuid[])
     GROUP BY ingestion_source_id`;
  for (const row of rows) if (row.deltas > FOLD_AFTER_DELTAS) await foldDeltas(client, row.id);
  return new Map(rows.map((row) => [row.id, Number(row.total)]));
}

/**
 * Replaces a source's deltas by their sum in one statement. Concurrent folds and appends stay exact:
 * each delta is deleted by exactly one fold, which re-inserts what it deleted; deltas committed
 * after the fold's snapshot are left for the next one.
 */
async function foldDeltas(client: DbOrTx, sourceId: string): Promise<void> {
  await client.$executeRaw`
    WITH folded AS (DELETE FROM source_email_count_deltas WHERE ingestion_source_id = ${sourceId}::uuid RETURNING delta)
    INSERT INTO source_email_count_deltas (ingestion_source_id, delta)
    SELECT ${sourceId}::uuid, sum(delta) FROM folded HAVING count(*) > 0`;
}
