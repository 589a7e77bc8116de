import { Prisma } from "@/generated/prisma/client";
import { db } from "../db/client";
import { querySql, runSql, type SqlClient } from "../db/sql-client";
import { blobStore } from "./blob-store-factory";
import { releaseUnreferencedBlobs } from "./release-unreferenced-blobs";

/**
 * Journal of bytes that may end up unreferenced: written by an ingestion that has not committed
 * yet, or released by a deletion whose clean-up has not run yet. The owner clears its rows when
 * done; rows a crash left behind are swept by the lifecycle cycle (sweepAbandonedBlobs).
 */
export async function recordBlobIntents(client: SqlClient, hashes: string[]): Promise<string[]> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return [];
  const rows = await querySql<{ id: string }>(client, Prisma.sql`
    INSERT INTO blob_intents (hash) SELECT unnest(${unique}::text[]) RETURNING id::text`);
  return rows.map((row) => row.id);
}

export async function clearBlobIntents(client: SqlClient, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await runSql(client, Prisma.sql`DELETE FROM blob_intents WHERE id = ANY(${ids}::bigint[])`);
}

/**
 * Deletes partial writes and the bytes of journal entries older than `olderThanMs` that no
 * committed row references, and the entries. Cost follows what crashes left behind, not the size
 * of the store. Returns how many files were removed.
 */
export async function sweepAbandonedBlobs(options: { olderThanMs?: number } = {}): Promise<number> {
  const olderThanMs = options.olderThanMs ?? 15 * 60_000;
  const cutoff = new Date(Date.now() - olderThanMs);
  let removed = await blobStore().sweepPartialWrites(olderThanMs);
  while (true) {
    const intents = await db().$queryRaw<{ id: string; hash: string }[]>`
      SELECT id::text, hash FROM blob_intents WHERE created_at < ${cutoff} ORDER BY id LIMIT 1000`;
    if (intents.length === 0) return removed;
    removed += (await releaseUnreferencedBlobs({ hashes: intents.map((intent) => intent.hash) })).length;
    await clearBlobIntents(db(), intents.map((intent) => intent.id));
  }
}
