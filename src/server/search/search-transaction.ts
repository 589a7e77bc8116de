import type pg from "pg";
import { config } from "../config/env";
import { withPgTransaction } from "../db/pg-pool";
import { AppError } from "../errors/app-error";
import { limitSearchTransaction } from "./search.queries";

/**
 * PostgreSQL's query_canceled (the statement_timeout fired, or an operator cancelled the
 * statement), and Prisma's P2028 (an interactive transaction outlived its timeout, e.g. bulk apply's).
 */
const TIMED_OUT = new Set(["57014", "P2028"]);
/** A timed-out search is the archive being busy or the query too broad: a retry should wait a little. */
export const SEARCH_TIMEOUT_RETRY_AFTER_SECONDS = 30;

/**
 * A search stopped by its time bound, as the 503 the caller sees (with Retry-After), never a 500;
 * any other error is returned as it is.
 */
export function searchTimeoutError(error: unknown, what: string, timeoutMs: number): unknown {
  if (!TIMED_OUT.has(String((error as { code?: unknown } | null)?.code))) return error;
  const bound = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
  return new AppError(
    "UNAVAILABLE",
    `${what} took longer than ${bound} and was stopped: narrow the query (more words, matchingStrategy=all, filters or a date range) or retry later`,
    { retryAfterSeconds: SEARCH_TIMEOUT_RETRY_AFTER_SECONDS, cause: error },
  );
}

/**
 * Runs the statements of one search in a read-only transaction on one pooled connection, with
 * SEARCH_WORK_MEM_MB of work_mem and a statement_timeout of SEARCH_STATEMENT_TIMEOUT_MS (or the
 * given one) for them alone (SET LOCAL ends with the transaction, so the pool's connections keep
 * the server's settings). With PostgreSQL's default 4 MB, the bitmap of a frequent word's matches
 * goes lossy at about a million emails and the planner reads every row's tsvector instead
 * (docs/search.md, "Memory per search"); the timeout bounds what one search can cost ("Bounds").
 */
export async function withSearchTransaction<T>(
  work: (client: pg.PoolClient) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.statementTimeoutMs ?? config.searchStatementTimeoutMs;
  try {
    return await withPgTransaction(async (client) => {
      await limitSearchTransaction(client, { workMemMb: config.searchWorkMemMb, statementTimeoutMs: timeoutMs });
      return work(client);
    });
  } catch (error) {
    throw searchTimeoutError(error, "The search", timeoutMs);
  }
}
