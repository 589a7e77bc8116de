import pg, { type PoolClient } from "pg";
import { afterEach } from "vitest";
import { pgPool } from "../../src/server/platform/db/pg-pool";
import { db } from "../../src/server/platform/db/client";

/** Resolves once some backend of this database waits for a lock (a row lock shows as one on a transaction id). */
export async function untilSomeoneWaitsForALock(): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const [row] = await db().$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (Number(row.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no backend waited for a lock");
}

/**
 * Runs `work` while another connection holds `table` locked (ACCESS EXCLUSIVE), released after
 * `releaseAfterMs` in any case: a deliberately slow statement for time-bound tests, which without
 * the bound would simply succeed once the lock is gone.
 */
export async function whileTableLocked<T>(table: string, releaseAfterMs: number, work: () => Promise<T>): Promise<T> {
  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  await locker.query(`BEGIN; LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  const release = setTimeout(() => void locker.query("ROLLBACK").catch(() => undefined), releaseAfterMs);
  try {
    return await work();
  } finally {
    clearTimeout(release);
    await locker.query("ROLLBACK").catch(() => undefined);
    await locker.end();
  }
}

/**
 * Begins transactions on their own pooled connections, for tests that interleave statements of
 * several: whatever a test leaves open is rolled back and released after it.
 */
export function useOpenTransactions(): () => Promise<PoolClient> {
  const open: PoolClient[] = [];
  afterEach(async () => {
    for (const client of open.splice(0)) {
      await client.query("ROLLBACK").catch(() => undefined);
      client.release();
    }
  });
  return async () => {
    const client = await pgPool().connect();
    open.push(client);
    await client.query("BEGIN");
    return client;
  };
}
