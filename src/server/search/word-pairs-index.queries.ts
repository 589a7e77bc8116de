import { Prisma } from "@/generated/prisma/client";
import { queryOne, runSql, type SqlClient } from "../platform/db/sql-client";

/** The state of archived_emails_word_pairs_idx: "invalid" is a concurrent build that failed or is still running. */
export type WordPairsIndexState = "valid" | "invalid" | "absent";

export async function selectWordPairsIndexState(client: SqlClient): Promise<WordPairsIndexState> {
  const row = await queryOne<{ valid: boolean | null }>(
    client,
    Prisma.sql`SELECT (SELECT i.indisvalid FROM pg_index i WHERE i.indexrelid = to_regclass('archived_emails_word_pairs_idx')) AS valid`,
  );
  if (row?.valid === true) return "valid";
  return row?.valid === false ? "invalid" : "absent";
}

/** Two-key session-level advisory lock: "word", "pair". */
const LOCK_CLASS = 0x776f7264;
const LOCK_ID = 0x70616972;

export async function tryLockWordPairsBuild(client: SqlClient): Promise<boolean> {
  const row = await queryOne<{ locked: boolean }>(
    client,
    Prisma.sql`SELECT pg_try_advisory_lock(${LOCK_CLASS}::int, ${LOCK_ID}::int) AS locked`,
  );
  return row?.locked ?? false;
}

export async function unlockWordPairsBuild(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_unlock(${LOCK_CLASS}::int, ${LOCK_ID}::int)`);
}

export async function selectBackendPid(client: SqlClient): Promise<number> {
  return (await queryOne<{ pid: number }>(client, Prisma.sql`SELECT pg_backend_pid() AS pid`))?.pid ?? 0;
}

/** Stops the statement running on backend `pid` (a build the worker's stop request ends). */
export async function cancelBackend(client: SqlClient, pid: number): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_cancel_backend(${pid}::int)`);
}

/** Drops a build left INVALID (a crash, a cancel) without blocking writes; the next build starts over. */
export async function dropWordPairsIndexConcurrently(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`DROP INDEX CONCURRENTLY IF EXISTS archived_emails_word_pairs_idx`);
}

/**
 * Builds the index without blocking writes (outside any transaction: CREATE INDEX CONCURRENTLY
 * refuses one), with no statement timeout and the maintenance memory the other GIN indexes had,
 * then ANALYZE, since the planner estimates a pair only from the indexed expression's statistics.
 */
export async function createWordPairsIndexConcurrently(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`SET statement_timeout = 0`);
  await runSql(client, Prisma.sql`SET maintenance_work_mem = '256MB'`);
  await runSql(
    client,
    Prisma.sql`CREATE INDEX CONCURRENTLY IF NOT EXISTS archived_emails_word_pairs_idx ON archived_emails USING GIN (word_pairs(search_vector))`,
  );
  await runSql(client, Prisma.sql`ANALYZE archived_emails`);
}

/** How far a build of the word-pair index has come, as PostgreSQL reports it. */
export interface WordPairsBuildProgress {
  phase: string;
  blocksDone: number;
  blocksTotal: number;
  tuplesDone: number;
  tuplesTotal: number;
}

/**
 * The build of the word-pair index in this database (pg_stat_progress_create_index, which lists
 * every database's builds: an index's oid is unique only within its database), or null when none runs.
 */
export async function selectWordPairsBuildProgress(client: SqlClient): Promise<WordPairsBuildProgress | null> {
  const row = await queryOne<{ phase: string; blocks_done: string; blocks_total: string; tuples_done: string; tuples_total: string }>(
    client,
    Prisma.sql`SELECT p.phase, p.blocks_done::text, p.blocks_total::text, p.tuples_done::text, p.tuples_total::text
      FROM pg_stat_progress_create_index p
      WHERE p.datid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND p.index_relid = to_regclass('archived_emails_word_pairs_idx')
      LIMIT 1`,
  );
  if (!row) return null;
  return {
    phase: row.phase,
    blocksDone: Number(row.blocks_done),
    blocksTotal: Number(row.blocks_total),
    tuplesDone: Number(row.tuples_done),
    tuplesTotal: Number(row.tuples_total),
  };
}
