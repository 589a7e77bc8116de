import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { disconnectPgPool } from "./pg-pool";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
/** Either the client or an interactive transaction: use cases accept both. */
export type DbOrTx = PrismaClient | Tx;

const globalForPrisma = globalThis as unknown as { archivePrisma?: PrismaClient };

/** The process-wide Prisma client, created on first use from DATABASE_URL. */
export function db(): PrismaClient {
  if (!globalForPrisma.archivePrisma) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set (the start script resolves it)");
    const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 20) });
    // Every transaction must be READ COMMITTED (the audit seal and the deletion re-checks read
    // fresh per-statement snapshots; docs/database.md). Set once per connection, whatever the
    // server's default, rather than with an extra SET round trip in every transaction.
    pool.on("connect", (client) => {
      client.query("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED").catch(() => undefined);
    });
    // The adapter bundles an older @types/pg; at run time both use the one `pg` package.
    const adapter = new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], { disposeExternalPool: true });
    globalForPrisma.archivePrisma = new PrismaClient({ adapter });
  }
  return globalForPrisma.archivePrisma;
}

export async function disconnectDb(): Promise<void> {
  await disconnectPgPool();
  await globalForPrisma.archivePrisma?.$disconnect();
  globalForPrisma.archivePrisma = undefined;
}

/** Runs `work` in a transaction, READ COMMITTED like every transaction of the pool (see db()). */
export function transaction<T>(work: (tx: Tx) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
  return db().$transaction(work, { timeout: options.timeoutMs ?? 30_000, maxWait: 30_000 });
}
