import type pg from "pg";
import { config } from "../platform/config/env";
import { withPooledClient } from "../platform/db/pg-pool";
import { readPoolWithSettings } from "../platform/db/replica-reads";
import { isStatementCancelled } from "../platform/db/database-errors";
import { AppError } from "../platform/errors/app-error";
import type { SqlClient } from "../platform/db/sql-client";
import { replaceStatementSettings, searchConnectionSettings } from "./search.queries";

/** A timed-out search is the archive being busy or the query too broad: a retry should wait a little. */
export const SEARCH_TIMEOUT_RETRY_AFTER_SECONDS = 30;

/**
 * A search stopped by its time bound, as the 503 the caller sees (with Retry-After), never a 500;
 * any other error is returned as it is.
 */
export function searchTimeoutError(error: unknown, what: string, timeoutMs: number): unknown {
  // An AppError already says what was stopped (its cause is the cancelled statement).
  if (error instanceof AppError || !isStatementCancelled(error)) return error;
  const bound = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
  return new AppError(
    "UNAVAILABLE",
    `${what} took longer than ${bound} and was stopped: narrow the query (more words, matchingStrategy=all, filters or a date range) or retry later`,
    { retryAfterSeconds: SEARCH_TIMEOUT_RETRY_AFTER_SECONDS, cause: error },
  );
}

/**
 * Runs the statements of one search on one connection of the search pool, whose connections start
 * read-only, with SEARCH_WORK_MEM_MB of work_mem and a statement_timeout of
 * SEARCH_STATEMENT_TIMEOUT_MS (or the given one; pgPoolWithSettings, one pool per distinct
 * settings): no BEGIN, SET or COMMIT round trip per search (two of the seven a search made, each
 * a wait for the server on a loaded host). Each statement is a transaction of its own, which
 * changes nothing a search sees: under READ COMMITTED every statement took its own snapshot already.
 * With PostgreSQL's default 4 MB, the bitmap of a frequent word's matches goes lossy at about a
 * million emails and the planner reads every row's tsvector instead (docs/search.md, "Memory per
 * search"); the timeout bounds what one search can cost ("Bounds"). The main pool's connections
 * keep the server's settings. A search request routed to a read replica runs there (readPoolWithSettings).
 * `genericPlans` is a pool of connections with the same settings that keep a prepared statement's
 * generic plan, for the statements whose plan does not depend on their values (one statement each,
 * on a connection of its own: a search's statements share no transaction).
 */
export async function withSearchTransaction<T>(
  work: (client: pg.PoolClient, genericPlans: pg.Pool) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.statementTimeoutMs ?? config.searchStatementTimeoutMs;
  const limits = { workMemMb: config.searchWorkMemMb, statementTimeoutMs: timeoutMs };
  const pool = readPoolWithSettings(searchConnectionSettings(limits));
  const genericPlans = readPoolWithSettings(searchConnectionSettings({ ...limits, plans: "generic" }));
  try {
    return await withPooledClient(pool, (client) => work(client, genericPlans));
  } catch (error) {
    throw searchTimeoutError(error, "The search", timeoutMs);
  }
}

/**
 * Runs `work`, statements of a bulk operation's search inside the caller's (writing) transaction,
 * under the bulk operations' statement_timeout and the searches' work_mem, then gives the
 * transaction its own settings back. A timeout becomes the 503 searchTimeoutError describes.
 */
export async function withBulkSearchLimits<T>(client: SqlClient, what: string, work: () => Promise<T>): Promise<T> {
  const timeoutMs = config.bulkSearchTimeoutMs;
  try {
    const previous = await replaceStatementSettings(client, {
      statement_timeout: String(timeoutMs),
      work_mem: config.searchWorkMemMb > 0 ? `${config.searchWorkMemMb}MB` : null,
    });
    const result = await work();
    await replaceStatementSettings(client, previous);
    return result;
  } catch (error) {
    throw searchTimeoutError(error, what, timeoutMs);
  }
}
