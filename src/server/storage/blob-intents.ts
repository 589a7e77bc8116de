import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../db/sql-client";

/**
 * Journal of bytes that may end up unreferenced: written by an ingestion that has not committed
 * yet, or released by a deletion whose clean-up has not run yet. The owner clears its rows when
 * done; rows a crash left behind are swept by the lifecycle cycle (sweepAbandonedBlobs).
 */
export async function recordBlobIntents(client: SqlClient, hashes: string[]): Promise<string[]> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return [];
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`
    INSERT INTO blob_intents (hash) SELECT unnest(${unique}::text[]) RETURNING id::text`,
  );
  return rows.map((row) => row.id);
}

export async function clearBlobIntents(client: SqlClient, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await runSql(client, Prisma.sql`DELETE FROM blob_intents WHERE id = ANY(${ids}::bigint[])`);
}
