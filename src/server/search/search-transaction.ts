import type pg from "pg";
import { config } from "../config/env";
import { withPgTransaction, workMemSetting } from "../db/pg-pool";

/**
 * Runs the statements of one search in a read-only transaction on one pooled connection, with
 * SEARCH_WORK_MEM_MB of work_mem for them alone (SET LOCAL ends with the transaction, so the
 * pool's connections keep the server's setting). With PostgreSQL's default 4 MB, the bitmap of a
 * frequent word's matches goes lossy at about a million emails and the planner reads every row's
 * tsvector instead (docs/search.md, "Memory per search").
 */
export async function withSearchTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withPgTransaction(async (client) => {
    await client.query(`SET TRANSACTION READ ONLY${workMemSetting(config.searchWorkMemMb)}`);
    return work(client);
  });
}
