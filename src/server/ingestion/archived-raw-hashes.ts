import { db } from "../db/client";

/** Which of the raw message hashes are already archived for this source and mailbox (spares storing known duplicates). */
export async function archivedRawHashes(options: { sourceId: string; userEmail: string; hashes: string[] }): Promise<Set<string>> {
  if (options.hashes.length === 0) return new Set();
  const rows = await db().$queryRaw<{ hash: string }[]>`
    SELECT storage_hash_sha256 AS hash FROM archived_emails
    WHERE ingestion_source_id = ${options.sourceId}::uuid AND user_email = ${options.userEmail} AND storage_hash_sha256 = ANY(${options.hashes}::text[])`;
  return new Set(rows.map((row) => row.hash));
}
