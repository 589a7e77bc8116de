import { createHash } from "node:crypto";
import type { ClientBase, Pool, QueryConfig } from "pg";
import type { Prisma } from "@/generated/prisma/client";
import { config } from "../config/env";
import type { DbOrTx } from "./client";
import { TIMESTAMPS_AS_TEXT } from "./timestamp-text";

/**
 * A transaction that statements can join: a Prisma interactive transaction, or a raw `pg`
 * connection inside BEGIN/COMMIT (the ingestion hot path, see withPgTransaction); or a dedicated
 * `pg` connection (session-level advisory locks, see connectDedicatedPgClient).
 */
export type SqlClient = DbOrTx | ClientBase | Pool;

const isPrisma = (client: SqlClient): client is DbOrTx => "$executeRaw" in client;

export interface SqlOptions {
  /**
   * Prepare the statement once per `pg` connection and reuse it, instead of having PostgreSQL parse
   * and plan it at every call: for the hot statements whose plan does not depend on their values
   * (lookups by key, inserts). Planning was half of such a statement's cost: the email detail took
   * 1.0-1.2 ms a call unprepared and 0.5-0.6 ms prepared (docs/database.md, "Prepared statements").
   */
  prepare?: boolean;
  /** Answer `timestamptz` columns as PostgreSQL's text (TIMESTAMPS_AS_TEXT; a Prisma client still answers `Date`s). */
  timestampsAsText?: boolean;
}

/** Statement names by text: a name stands for one text on every connection, so it is the text's hash. */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 1000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash("sha256").update(text).digest("base64url").slice(0, 32)}`;
    if (statementNames.size >= MAX_NAMED_STATEMENTS) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

function pgQuery(query: Prisma.Sql, options: SqlOptions): QueryConfig {
  const statement: QueryConfig = { text: query.text, values: query.values as unknown[] };
  if (options.prepare && config.databasePreparedStatements) statement.name = statementName(query.text);
  if (options.timestampsAsText) statement.types = TIMESTAMPS_AS_TEXT;
  return statement;
}

/** Runs a statement built with Prisma.sql on either kind of client; answers the affected row count. */
export async function runSql(client: SqlClient, query: Prisma.Sql, options: SqlOptions = {}): Promise<number> {
  if (isPrisma(client)) return client.$executeRaw(query);
  return (await client.query(pgQuery(query, options))).rowCount ?? 0;
}

/** Rows of a query built with Prisma.sql on either kind of client. */
export async function querySql<T>(client: SqlClient, query: Prisma.Sql, options: SqlOptions = {}): Promise<T[]> {
  if (isPrisma(client)) return client.$queryRaw<T[]>(query);
  return (await client.query(pgQuery(query, options))).rows as T[];
}

/** The first row of a query built with Prisma.sql, or null when it answers none. */
export async function queryOne<T>(client: SqlClient, query: Prisma.Sql, options: SqlOptions = {}): Promise<T | null> {
  return (await querySql<T>(client, query, options))[0] ?? null;
}
