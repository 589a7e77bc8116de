import type pg from "pg";
import { transactionCommitted, transactionEnded } from "./after-commit";
import { pgPool } from "./pg-pool";

/**
 * Transaction control on a dedicated `pg` connection (connectDedicatedPgClient), for work that must
 * read one snapshot for long (backups, checks, the audit verification) or load rows with COPY.
 * Pool transactions use withPgTransaction, Prisma ones transaction().
 */
export async function beginTransaction(client: pg.ClientBase, mode: "read-write" | "read-only-snapshot"): Promise<void> {
  transactionEnded(client);
  await client.query(mode === "read-only-snapshot" ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
}

/** The id of the snapshot of `client`'s REPEATABLE READ transaction, for other connections to join. */
export async function exportSnapshot(client: pg.ClientBase): Promise<string> {
  return (await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot")).rows[0].snapshot;
}

/** Commits, then runs what the transaction registered to follow its commit (after-commit.ts), on the process's pool. */
export async function commitTransaction(client: pg.ClientBase): Promise<void> {
  await client.query("COMMIT");
  await transactionCommitted(client, pgPool());
}

/** Rolls back whatever transaction is open; a connection already lost has none left to roll back. */
export async function rollbackTransaction(client: pg.ClientBase): Promise<void> {
  transactionEnded(client);
  await client.query("ROLLBACK").catch(() => undefined);
}
