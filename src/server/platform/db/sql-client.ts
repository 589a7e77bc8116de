import type { ClientBase, Pool } from "pg";
import type { Prisma } from "@/generated/prisma/client";
import type { DbOrTx } from "./client";

/**
 * A transaction that statements can join: a Prisma interactive transaction, or a raw `pg`
 * connection inside BEGIN/COMMIT (the ingestion hot path, see withPgTransaction); or a dedicated
 * `pg` connection (session-level advisory locks, see connectDedicatedPgClient).
 */
export type SqlClient = DbOrTx | ClientBase | Pool;

const isPrisma = (client: SqlClient): client is DbOrTx => "$executeRaw" in client;

/** Runs a statement built with Prisma.sql on either kind of client; answers the affected row count. */
export async function runSql(client: SqlClient, query: Prisma.Sql): Promise<number> {
  if (isPrisma(client)) return client.$executeRaw(query);
  return (await client.query(query.text, query.values as unknown[])).rowCount ?? 0;
}

/** Rows of a query built with Prisma.sql on either kind of client. */
export async function querySql<T>(client: SqlClient, query: Prisma.Sql): Promise<T[]> {
  if (isPrisma(client)) return client.$queryRaw<T[]>(query);
  return (await client.query(query.text, query.values as unknown[])).rows as T[];
}

/** The first row of a query built with Prisma.sql, or null when it answers none. */
export async function queryOne<T>(client: SqlClient, query: Prisma.Sql): Promise<T | null> {
  return (await querySql<T>(client, query))[0] ?? null;
}
