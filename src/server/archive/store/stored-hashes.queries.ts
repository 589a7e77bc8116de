import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../../platform/db/sql-client";

/**
 * The given raw message hashes that the source has archived for the mailbox. The rows with those
 * bytes are found by the index on the hash alone (OFFSET 0 keeps the source and mailbox from being
 * pushed into that scan): a source the planner's statistics do not know yet (a new journal source
 * receiving mail before autovacuum analyzes the table) is estimated at one row, and PostgreSQL then
 * read every email of the source through the index on (source, archived_at) to filter them by hash,
 * a scan that grew with each message archived (137 ms per lookup after 6,000).
 */
export const archivedHashesQuery = (options: { sourceId: string; userEmail: string; rawHashes: string[] }): Prisma.Sql => Prisma.sql`
  SELECT same_bytes.storage_hash_sha256 AS hash FROM (
    SELECT storage_hash_sha256, ingestion_source_id, user_email FROM archived_emails
    WHERE storage_hash_sha256 = ANY(${options.rawHashes}::text[]) OFFSET 0) AS same_bytes
  WHERE same_bytes.ingestion_source_id = ${options.sourceId}::uuid AND same_bytes.user_email = ${options.userEmail}`;

/**
 * Which raw message hashes are already archived for this source and mailbox (spares storing known
 * duplicates) and, in the same statement (one round trip, its own commit), recordBlobIntents for
 * the bytes of every message whose raw hash is not archived: `hashes` pairs each hash to store (the
 * message's own and its attachments') with the raw hash of its message. Returns the archived raw
 * hashes and the intents' ids.
 */
export async function archivedRawHashesRecordingIntents(
  client: SqlClient,
  options: { sourceId: string; userEmail: string; hashes: { hash: string; rawHash: string }[] },
): Promise<{ known: Set<string>; intents: string[] }> {
  if (options.hashes.length === 0) return { known: new Set(), intents: [] };
  const rawHashes = [...new Set(options.hashes.map((entry) => entry.rawHash))];
  const [row] = await querySql<{ known: string[]; intents: string[] }>(
    client,
    Prisma.sql`
    WITH known AS (${archivedHashesQuery({ ...options, rawHashes })}),
    intents AS (
      INSERT INTO blob_intents (hash)
      SELECT DISTINCT t.hash FROM unnest(${options.hashes.map((entry) => entry.hash)}::text[], ${options.hashes.map((entry) => entry.rawHash)}::text[]) AS t(hash, raw)
      WHERE t.raw NOT IN (SELECT hash FROM known)
      RETURNING id::text AS id)
    SELECT ARRAY(SELECT hash FROM known) AS known, ARRAY(SELECT id FROM intents) AS intents`,
  );
  return { known: new Set(row.known), intents: row.intents };
}
