import type pg from "pg";
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

/** First key of the two-key advisory locks that guard one content hash (the second is hashtext(hash)). */
const BLOB_LOCK_CLASS = 0x626c6f62; // "blob"

/**
 * Key of the lock that pauses the deletion of blobs while a backup or a check reads the store: the
 * reader holds it exclusively on its own session from before its snapshot to its end, deleters try
 * it shared in their transaction and, when a reader holds it, journal the bytes for later instead.
 */
const BLOB_READER_LOCK = [0x626b7570, 0] as const; // "bkup"

const sortedUnique = (hashes: string[]) => [...new Set(hashes)].sort();

/**
 * Writers (ingestion) hold a shared lock on each hash from before they look at the store until
 * their rows commit; the cleanup holds the exclusive lock while it checks for references and
 * deletes. So a blob is never deleted between a writer finding it present and its row committing.
 * Locks are taken in hash order so two transactions cannot deadlock on them.
 */
export async function lockBlobsShared(client: SqlClient, hashes: string[]): Promise<void> {
  const ordered = sortedUnique(hashes);
  if (ordered.length === 0) return;
  await runSql(
    client,
    Prisma.sql`
    SELECT pg_advisory_xact_lock_shared(${BLOB_LOCK_CLASS}::int, hashtext(h)) FROM unnest(${ordered}::text[]) WITH ORDINALITY AS t(h, n) ORDER BY n`,
  );
}

export async function lockBlobsExclusive(client: SqlClient, hashes: string[]): Promise<void> {
  const ordered = sortedUnique(hashes);
  if (ordered.length === 0) return;
  await runSql(
    client,
    Prisma.sql`
    SELECT pg_advisory_xact_lock(${BLOB_LOCK_CLASS}::int, hashtext(h)) FROM unnest(${ordered}::text[]) WITH ORDINALITY AS t(h, n) ORDER BY n`,
  );
}

/** The hashes of `hashes` that some email or attachment row still references. */
export async function referencedHashes(client: SqlClient, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await querySql<{ hash: string }>(
    client,
    Prisma.sql`
    SELECT h AS hash FROM unnest(${hashes}::text[]) AS h
    WHERE EXISTS (SELECT 1 FROM archived_emails e WHERE e.storage_hash_sha256 = h)
       OR EXISTS (SELECT 1 FROM attachments a WHERE a.hash_sha256 = h)`,
  );
  return new Set(rows.map((row) => row.hash));
}

/**
 * Holds back every deletion of stored bytes until `client`'s session ends; waits for deletions under
 * way and for another reader. Take it before the snapshot whose blobs will be read.
 */
export async function pauseBlobDeletions(client: pg.ClientBase): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_lock(${BLOB_READER_LOCK[0]}::int, ${BLOB_READER_LOCK[1]}::int)`);
}

/** False while a backup or check holds deletions back (pauseBlobDeletions); held until the transaction ends. */
export async function blobDeletionsAllowed(client: SqlClient): Promise<boolean> {
  const [row] = await querySql<{ allowed: boolean }>(
    client,
    Prisma.sql`
    SELECT pg_try_advisory_xact_lock_shared(${BLOB_READER_LOCK[0]}::int, ${BLOB_READER_LOCK[1]}::int) AS allowed`,
  );
  return row.allowed;
}

/** Up to `limit` journal entries older than `cutoff`, oldest first: what crashes left behind. */
export async function selectAbandonedBlobIntents(client: SqlClient, cutoff: Date, limit: number): Promise<{ id: string; hash: string }[]> {
  return querySql<{ id: string; hash: string }>(
    client,
    Prisma.sql`SELECT id::text, hash FROM blob_intents WHERE created_at < ${cutoff} ORDER BY id LIMIT ${limit}`,
  );
}

/** Forgets the retention applied to bytes that are gone, so it does not stand for bytes written again later. */
export async function deleteAppliedBlobRetention(client: SqlClient, hashes: string[]): Promise<void> {
  await runSql(client, Prisma.sql`DELETE FROM blob_retention WHERE hash = ANY(${hashes}::text[])`);
}
