import { Prisma } from "@/generated/prisma/client";
import { queryOne, runSql, type SqlClient } from "./sql-client";

/** Where a replica is: the WAL position it has replayed, and how far behind the primary it was then. */
export interface ReplicaPosition {
  /** pg_last_wal_replay_lsn(); null on a server that is not a replica. */
  replayed: string | null;
  /**
   * 0 when it has replayed all the WAL it received; otherwise the age of the last transaction it
   * replayed (what a read there misses is at most this old, plus what is still in flight).
   */
  lag_ms: number;
}

export async function selectReplicaPosition(client: SqlClient): Promise<ReplicaPosition | null> {
  return queryOne<ReplicaPosition>(
    client,
    Prisma.sql`SELECT pg_last_wal_replay_lsn()::text AS replayed,
      CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
           ELSE coalesce(extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 0)
      END::float8 AS lag_ms`,
  );
}

/**
 * Keeps the primary's current WAL position (after the caller's commits) as `callerKey`'s last write,
 * never moving it back. Committed asynchronously (no wait for the WAL flush): a position lost in a
 * crash only lets one read be stale, and that answer says so (X-Replica-Lag-Ms).
 */
export async function upsertCallerWritePosition(client: SqlClient, callerKey: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO caller_write_positions (caller_key, position)
    SELECT ${callerKey}, pg_current_wal_lsn() FROM (SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous_commit
    ON CONFLICT (caller_key) DO UPDATE SET position = greatest(caller_write_positions.position, excluded.position)`,
    { prepare: true },
  );
}

/** The primary's WAL position after `callerKey`'s last request that may have written, or null when none is kept. */
export async function selectCallerWritePosition(client: SqlClient, callerKey: string): Promise<string | null> {
  const row = await queryOne<{ position: string }>(
    client,
    Prisma.sql`SELECT position::text AS position FROM caller_write_positions WHERE caller_key = ${callerKey}`,
    { prepare: true },
  );
  return row?.position ?? null;
}

/** Whether the server is a standby (in recovery): read-only, no place for DATABASE_URL. */
export async function selectInRecovery(client: SqlClient): Promise<boolean> {
  return (await queryOne<{ in_recovery: boolean }>(client, Prisma.sql`SELECT pg_is_in_recovery() AS in_recovery`))?.in_recovery === true;
}
