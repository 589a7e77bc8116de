import pg from "pg";
import { config } from "../config/env";
import { transactionCommitted, transactionEnded } from "./after-commit";
import { connectPgClient } from "./pg-connect";
import { logger } from "../logging/logger";

/** How long an idle pooled connection is kept open. */
const IDLE_CONNECTION_MS = 10 * 60_000;

const globalForPg = globalThis as unknown as {
  archivePgPool?: pg.Pool;
  settingsPools?: Map<string, pg.Pool>;
  /** Set when this process is stopping: the server closing its connections is then expected (on globalThis, so the app's bundled copy of this module sees it too). */
  databaseStopExpected?: boolean;
};

/**
 * This process is stopping (SIGINT/SIGTERM): a terminal's Ctrl-C reaches the embedded PostgreSQL too,
 * which then closes every connection; that is the clean stop, not something to report.
 */
export function expectDatabaseStop(): void {
  globalForPg.databaseStopExpected = true;
}

export function configuredDatabaseUrl(): string {
  const url = config.databaseUrl;
  if (!url) throw new Error("DATABASE_URL is not set (the start script resolves it)");
  return url;
}

/**
 * The process's one connection pool. Prisma's client runs on it (db()), and the hot paths send
 * their SQL to it directly (querySql/runSql, withPgTransaction): a statement through Prisma costs
 * 150-250 µs of Node CPU against 60-70 µs through `pg`, and an interactive transaction of three
 * statements ~1.1-1.6 ms against ~0.35 ms (docs/database.md).
 */
export function pgPool(): pg.Pool {
  globalForPg.archivePgPool ??= newPool(configuredDatabaseUrl());
  return globalForPg.archivePgPool;
}

/**
 * A pool of its own whose connections start with the given server settings (sent with the
 * connection's startup, `-c name=value`): what runs on it needs no SET round trip and no
 * transaction to carry them (the search pool, withSearchTransaction). One pool per distinct
 * settings and server (`url`: the primary, or a read replica), created on first use, with the main
 * pool's size and idle time.
 */
export function pgPoolWithSettings(settings: Record<string, string>, url = configuredDatabaseUrl()): pg.Pool {
  const options = Object.entries(settings)
    .map(([name, value]) => {
      if (!/^[a-z_]+$/.test(name) || !/^[A-Za-z0-9_.]+$/.test(value)) throw new Error(`unsupported connection setting ${name}=${value}`);
      return `-c ${name}=${value}`;
    })
    .join(" ");
  globalForPg.settingsPools ??= new Map();
  const key = `${url} ${options}`;
  let pool = globalForPg.settingsPools.get(key);
  if (!pool) {
    pool = newPool(url, options);
    globalForPg.settingsPools.set(key, pool);
  }
  return pool;
}

/** A pool on `url` (the primary, or a read replica: replica-reads.ts) with the process's pool size and idle time. */
export function newPool(url: string, options?: string): pg.Pool {
  // A new PostgreSQL backend is slow until it has touched the shared buffers it reads (page faults
  // on every page of shared memory it maps: 3.5 s against 0.75 s warm for one search at a million
  // emails on the 2-core VM, docs/search.md "Warm connections"), so idle connections are kept for
  // minutes rather than pg's 10 s; allowExitOnIdle lets a script end while they wait.
  const pool = new pg.Pool({
    connectionString: url,
    max: config.databasePoolSize,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    allowExitOnIdle: true,
    ...(options ? { options } : {}),
  });
  // Every transaction must be READ COMMITTED (the audit seal and the deletion re-checks read
  // fresh per-statement snapshots; docs/database.md). Set once per connection, whatever the
  // server's default, rather than with an extra SET round trip in every transaction.
  pool.on("connect", (client) => {
    client.query("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED").catch(() => undefined);
  });
  // An idle connection the server closed (restart, shutdown) must not crash the process; the
  // pool drops it and the next checkout opens a new one.
  pool.on("error", reportIdleConnectionError);
  return pool;
}

/** How long one report of the server closing connections covers the others it closes. */
const SERVER_CLOSE_REPORT_MS = 60_000;

/**
 * The pools' handler of errors on idle connections. A server that stops or restarts closes every
 * idle connection at once (SQLSTATE class 57, "operator intervention"): one line says so, not one
 * per connection, which read as a dozen errors at each stop. Any other error is its own line.
 */
export function idleConnectionErrorReporter(log: (line: string) => void, now: () => number = Date.now) {
  let reportedAt = -Infinity;
  return (error: Error & { code?: string }) => {
    if (typeof error.code === "string" && error.code.startsWith("57P")) {
      if (globalForPg.databaseStopExpected || now() - reportedAt < SERVER_CLOSE_REPORT_MS) return;
      reportedAt = now();
      log("the database server closed the idle connections (stopping or restarting); new ones open when it is back");
      return;
    }
    log(`idle connection closed: ${error.message}`);
  };
}

const reportIdleConnectionError = idleConnectionErrorReporter((line) => logger("db").error(line));

export async function disconnectPgPool(): Promise<void> {
  const pools = [...(globalForPg.archivePgPool ? [globalForPg.archivePgPool] : []), ...(globalForPg.settingsPools?.values() ?? [])];
  globalForPg.archivePgPool = undefined;
  globalForPg.settingsPools = undefined;
  await Promise.all(pools.map((pool) => pool.end()));
}

/**
 * A connected client of its own, outside the pool, for what must not wait for or hold a pool
 * connection (session locks, long reads): connectPgClient() on the configured database.
 */
export async function connectDedicatedPgClient(
  options: Omit<pg.ClientConfig, "connectionString"> = {},
): Promise<{ client: pg.Client; lost: () => boolean }> {
  return connectPgClient(configuredDatabaseUrl(), options);
}

/**
 * Runs `work` on one connection of `pool` and gives it back. A connection lost while no statement
 * runs on it (work awaiting blob writes, say) emits 'error', which would end the process without a
 * listener; the next statement fails with it instead, and the pool drops the connection.
 */
export async function withPooledClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => (lost = error);
  client.on("error", onError);
  try {
    return await work(client);
  } finally {
    client.off("error", onError);
    client.release(lost);
  }
}

/**
 * Runs `work` in a READ COMMITTED transaction on one pooled connection; rolls back on error.
 * `settings`: statements sent with the BEGIN in the same round trip (`; SET LOCAL ...`, no parameters).
 */
export async function withPgTransaction<T>(
  work: (client: pg.PoolClient) => Promise<T>,
  settings = "",
  pool: pg.Pool = pgPool(),
): Promise<T> {
  const { result, client } = await withPooledClient(pool, async (client) => {
    transactionEnded(client);
    try {
      await client.query(`BEGIN ISOLATION LEVEL READ COMMITTED${settings}`);
      const result = await work(client);
      await client.query("COMMIT");
      return { result, client };
    } catch (error) {
      transactionEnded(client);
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
  });
  // After the connection is back in the pool: what follows the commit (the seal of its audit
  // entries, after-commit.ts) needs no connection of its own held meanwhile.
  await transactionCommitted(client, pool);
  return result;
}

/** `; SET LOCAL work_mem = '<mb>MB'` to append to a statement run first in a transaction, or "" for 0 or none. */
export function workMemSetting(megabytes: number | undefined): string {
  if (megabytes === undefined || megabytes === 0) return "";
  if (!Number.isInteger(megabytes) || megabytes < 0) throw new Error(`work_mem must be a whole number of MB, got ${megabytes}`);
  return `; SET LOCAL work_mem = '${megabytes}MB'`;
}

/** `; SET LOCAL statement_timeout = <ms>` to append like workMemSetting(), or "" for 0 or none. */
export function statementTimeoutSetting(milliseconds: number | undefined): string {
  if (milliseconds === undefined || milliseconds === 0) return "";
  if (!Number.isInteger(milliseconds) || milliseconds < 0)
    throw new Error(`statement_timeout must be a whole number of ms, got ${milliseconds}`);
  return `; SET LOCAL statement_timeout = ${milliseconds}`;
}
