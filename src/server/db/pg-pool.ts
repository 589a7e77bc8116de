import pg from "pg";

const globalForPg = globalThis as unknown as { archivePgPool?: pg.Pool };

/**
 * A plain `pg` pool next to Prisma's, for the ingestion hot path: large batch parameters go to
 * PostgreSQL once, without Prisma's extra serialization (half the time and far less garbage).
 */
export function pgPool(): pg.Pool {
  if (!globalForPg.archivePgPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set (the start script resolves it)");
    const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_INGEST_POOL_SIZE ?? 4) });
    // An idle connection the server closed (restart, shutdown) must not crash the process; the
    // pool drops it and the next checkout opens a new one.
    pool.on("error", (error) => console.error(`[db] idle ingestion connection closed: ${error.message}`));
    globalForPg.archivePgPool = pool;
  }
  return globalForPg.archivePgPool;
}

export async function disconnectPgPool(): Promise<void> {
  await globalForPg.archivePgPool?.end();
  globalForPg.archivePgPool = undefined;
}

/**
 * A pooled connection and its release. A connection lost while no statement runs on it (work
 * awaiting blob writes, say) emits 'error', which would end the process without a listener; the
 * next statement fails with it instead, and release() has the pool drop the connection.
 */
export async function leasePgClient(): Promise<{ client: pg.PoolClient; lost: () => boolean; release: () => void }> {
  const client = await pgPool().connect();
  let lost: Error | undefined;
  const onError = (error: Error) => (lost = error);
  client.on("error", onError);
  return {
    client,
    lost: () => lost !== undefined,
    release: () => {
      client.off("error", onError);
      client.release(lost);
    },
  };
}

/** Runs `work` in a READ COMMITTED transaction on one pooled connection; rolls back on error. */
export async function withPgTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const { client, release } = await leasePgClient();
  try {
    await client.query("BEGIN ISOLATION LEVEL READ COMMITTED");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    release();
  }
}
