import { db } from "../db/client";

/** Which of `keys` are already archived for this source and mailbox (spares storing known duplicates). */
export async function existingDedupeKeys(options: { sourceId: string; userEmail: string; keys: string[] }): Promise<Set<string>> {
  if (options.keys.length === 0) return new Set();
  const rows = await db().$queryRaw<{ dedupe_key: string }[]>`
    SELECT dedupe_key FROM archived_emails
    WHERE ingestion_source_id = ${options.sourceId}::uuid AND user_email = ${options.userEmail} AND dedupe_key = ANY(${options.keys}::text[])`;
  return new Set(rows.map((row) => row.dedupe_key));
}
