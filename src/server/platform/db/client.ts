import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { transactionCommitted, transactionEnded } from "./after-commit";
import { disconnectPgPool, pgPool } from "./pg-pool";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
/** Either the client or an interactive transaction: use cases accept both. */
export type DbOrTx = PrismaClient | Tx;

const globalForPrisma = globalThis as unknown as { archivePrisma?: PrismaClient };

/** The process-wide Prisma client, created on first use, on the process's pool (pgPool()). */
export function db(): PrismaClient {
  if (!globalForPrisma.archivePrisma) {
    // The adapter bundles an older @types/pg; at run time both use the one `pg` package.
    const adapter = new PrismaPg(pgPool() as unknown as ConstructorParameters<typeof PrismaPg>[0], { disposeExternalPool: false });
    globalForPrisma.archivePrisma = new PrismaClient({ adapter });
  }
  return globalForPrisma.archivePrisma;
}

export async function disconnectDb(): Promise<void> {
  await globalForPrisma.archivePrisma?.$disconnect();
  globalForPrisma.archivePrisma = undefined;
  await disconnectPgPool();
}

/**
 * Runs `work` in a transaction, READ COMMITTED like every transaction of the pool (see db()), then
 * what it registered to follow its commit (after-commit.ts: the seal of its audit entries).
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
  let open: Tx | undefined;
  let result: T;
  try {
    result = await db().$transaction(
      (tx) => {
        open = tx;
        return work(tx);
      },
      { timeout: options.timeoutMs ?? 30_000, maxWait: 30_000 },
    );
  } catch (error) {
    if (open) transactionEnded(open);
    throw error;
  }
  if (open) await transactionCommitted(open, pgPool());
  return result;
}
