import { Prisma } from "@/generated/prisma/client";
import { queryOne, type SqlClient } from "./sql-client";

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

/** The primary's current WAL position (after the caller's commits). */
export async function selectPrimaryWalPosition(client: SqlClient): Promise<string | null> {
  return (await queryOne<{ lsn: string }>(client, Prisma.sql`SELECT pg_current_wal_lsn()::text AS lsn`))?.lsn ?? null;
}

/** Whether the server is a standby (in recovery): read-only, no place for DATABASE_URL. */
export async function selectInRecovery(client: SqlClient): Promise<boolean> {
  return (await queryOne<{ in_recovery: boolean }>(client, Prisma.sql`SELECT pg_is_in_recovery() AS in_recovery`))?.in_recovery === true;
}
