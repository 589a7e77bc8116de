import type pg from "pg";
import { Prisma } from "@/generated/prisma/client";
import { queryOne, querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

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

/** The hashes of `hashes` that some email or attachment row, or another stored blob (blob_dependencies), still references. */
export async function referencedHashes(client: SqlClient, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await querySql<{ hash: string }>(
    client,
    Prisma.sql`
    SELECT h AS hash FROM unnest(${hashes}::text[]) AS h
    WHERE EXISTS (SELECT 1 FROM archived_emails e WHERE e.storage_hash_sha256 = h)
       OR EXISTS (SELECT 1 FROM attachments a WHERE a.hash_sha256 = h)
       OR EXISTS (SELECT 1 FROM blob_dependencies d WHERE d.needs_hash = h)`,
  );
  return new Set(rows.map((row) => row.hash));
}

/** Records that the stored blob `blobHash` needs the stored bytes of `needsHash` (a skeleton's attachment). */
export async function recordBlobDependencies(client: SqlClient, pairs: { blobHash: string; needsHash: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO blob_dependencies (blob_hash, needs_hash)
    SELECT * FROM unnest(${pairs.map((pair) => pair.blobHash)}::text[], ${pairs.map((pair) => pair.needsHash)}::text[])
    ON CONFLICT DO NOTHING`,
  );
}

/** Forgets what the removed blobs `blobHashes` needed; answers those hashes (now maybe unreferenced). */
export async function takeBlobDependencies(client: SqlClient, blobHashes: string[]): Promise<string[]> {
  if (blobHashes.length === 0) return [];
  const rows = await querySql<{ needs_hash: string }>(
    client,
    Prisma.sql`DELETE FROM blob_dependencies WHERE blob_hash = ANY(${blobHashes}::text[]) RETURNING needs_hash`,
  );
  return [...new Set(rows.map((row) => row.needs_hash))];
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

/** Where the storage conversion stands (its one row); `total` etc. as text (bigint). */
export interface StorageConversionRow {
  phase: string | null;
  after_id: string | null;
  total: string;
  examined: string;
  converted: string;
  skipped: string;
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const CONVERSION_COLUMNS = Prisma.sql`phase, after_id::text, total::text, examined::text, converted::text, skipped::text, started_at, updated_at, finished_at`;

/** Creates the conversion's row when there is none (a conversion from the start, of `total` references). */
export async function ensureStorageConversionRow(client: SqlClient, total: number): Promise<StorageConversionRow> {
  await runSql(client, Prisma.sql`INSERT INTO storage_conversion (id, total) VALUES (1, ${total}) ON CONFLICT (id) DO NOTHING`);
  return (await selectStorageConversion(client))!;
}

/** Records a conversion with nothing to convert (an installation whose every blob was written sealed) as finished. */
export async function recordFinishedStorageConversion(client: SqlClient, phase: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`INSERT INTO storage_conversion (id, total, phase, finished_at) VALUES (1, 0, ${phase}, now()) ON CONFLICT (id) DO NOTHING`,
  );
}

/** Starts the conversion over from the first page, of `total` references (its counts and dates anew). */
export async function restartStorageConversion(client: SqlClient, total: number): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    UPDATE storage_conversion SET phase = NULL, after_id = NULL, total = ${total}, examined = 0, converted = 0, skipped = 0,
      started_at = now(), updated_at = now(), finished_at = NULL
    WHERE id = 1`,
  );
}

export async function selectStorageConversion(client: SqlClient): Promise<StorageConversionRow | null> {
  return queryOne(client, Prisma.sql`SELECT ${CONVERSION_COLUMNS} FROM storage_conversion WHERE id = 1`);
}

/** The row, locked for the caller's transaction: one conversion step runs at a time, whatever the workers. */
export async function lockStorageConversion(client: SqlClient): Promise<StorageConversionRow | null> {
  return queryOne(client, Prisma.sql`SELECT ${CONVERSION_COLUMNS} FROM storage_conversion WHERE id = 1 FOR UPDATE`);
}

export async function recordStorageConversionStep(
  client: SqlClient,
  step: { phase: string | null; afterId: string | null; examined: number; converted: number; skipped: number; finished: boolean },
): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    UPDATE storage_conversion SET phase = ${step.phase}, after_id = ${step.afterId}::uuid,
      examined = examined + ${step.examined}, converted = converted + ${step.converted}, skipped = skipped + ${step.skipped},
      updated_at = now(), finished_at = CASE WHEN ${step.finished} THEN now() ELSE NULL END
    WHERE id = 1`,
  );
}

/**
 * Records the stored sizes of a page of blobs, as measured at `measuredAt`; a size measured later by
 * another worker's pass stays. In key order, so passes of several workers never deadlock.
 */
export async function upsertBlobStoredSizes(client: SqlClient, sizes: { key: string; bytes: number }[], measuredAt: Date): Promise<void> {
  if (sizes.length === 0) return;
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO blob_stored_sizes (key, stored_bytes, measured_at)
    SELECT k, b, ${measuredAt}::timestamptz FROM unnest(${sizes.map((size) => size.key)}::text[], ${sizes.map((size) => size.bytes)}::bigint[]) AS t(k, b)
    ORDER BY k
    ON CONFLICT (key) DO UPDATE SET stored_bytes = EXCLUDED.stored_bytes, measured_at = EXCLUDED.measured_at
    WHERE blob_stored_sizes.measured_at <= EXCLUDED.measured_at`,
  );
}

/**
 * Replaces the storage figures with those of the pass that measured at `measuredAt`: sizes of blobs
 * it did not meet (no longer referenced) are dropped; each source's stored bytes are those of the
 * distinct blobs its emails reference (raw messages and attachments: a blob shared by two sources
 * counts in both), the total counts each blob once; logical bytes are the raw messages' sizes.
 * Passes of several workers replace one at a time; one that began before the recorded figures'
 * pass leaves them (they are newer).
 */
export async function replaceStorageUsage(client: SqlClient, measuredAt: Date): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('storage-usage'))`);
  const newer = await queryOne(
    client,
    Prisma.sql`SELECT 1 FROM storage_usage WHERE scope = 'total' AND measured_at >= ${measuredAt}::timestamptz`,
  );
  if (newer) return;
  await runSql(client, Prisma.sql`DELETE FROM blob_stored_sizes WHERE measured_at < ${measuredAt}`);
  await runSql(client, Prisma.sql`DELETE FROM storage_usage`);
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO storage_usage (scope, logical_bytes, stored_bytes, emails, measured_at)
    WITH refs AS (
      SELECT ingestion_source_id AS source_id, storage_path AS key FROM archived_emails
      UNION
      SELECT e.ingestion_source_id, a.storage_path FROM attachments a JOIN archived_emails e ON e.id = a.email_id
    ), stored AS (
      SELECT refs.source_id, sum(b.stored_bytes) AS bytes FROM refs JOIN blob_stored_sizes b ON b.key = refs.key GROUP BY refs.source_id
    ), logical AS (
      SELECT ingestion_source_id AS source_id, sum(size_bytes) AS bytes, count(*) AS emails FROM archived_emails GROUP BY 1
    )
    SELECT l.source_id::text, l.bytes, coalesce(s.bytes, 0), l.emails, ${measuredAt}::timestamptz FROM logical l LEFT JOIN stored s USING (source_id)
    UNION ALL
    SELECT 'total', coalesce((SELECT sum(size_bytes) FROM archived_emails), 0), coalesce((SELECT sum(stored_bytes) FROM blob_stored_sizes), 0),
      (SELECT count(*) FROM archived_emails), ${measuredAt}::timestamptz`,
  );
}

export interface StorageUsageRow {
  scope: string;
  source_name: string | null;
  logical_bytes: string;
  stored_bytes: string;
  emails: string;
  measured_at: Date;
}

export async function selectStorageUsage(client: SqlClient): Promise<StorageUsageRow[]> {
  return querySql(
    client,
    Prisma.sql`
    SELECT u.scope, s.name AS source_name, u.logical_bytes::text, u.stored_bytes::text, u.emails::text, u.measured_at
      FROM storage_usage u LEFT JOIN ingestion_sources s ON s.id::text = u.scope
     ORDER BY u.scope = 'total' DESC, s.name`,
  );
}

/**
 * The attachments of `emailIds` at least `minBytes` long (those a message skeleton takes out), each
 * with its email's id: what the storage conversion needs to store an old whole message as a skeleton.
 */
export async function selectSkeletonCandidates(
  client: SqlClient,
  emailIds: string[],
  minBytes: number,
): Promise<{ email_id: string; hash: string; key: string }[]> {
  if (emailIds.length === 0) return [];
  return querySql(
    client,
    Prisma.sql`
    SELECT email_id::text, hash_sha256 AS hash, storage_path AS key FROM attachments
     WHERE email_id = ANY(${emailIds}::uuid[]) AND size_bytes >= ${minBytes} ORDER BY email_id, id`,
  );
}
