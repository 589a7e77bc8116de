import { PrismaPg } from "@prisma/adapter-pg";
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
    const adapter = new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 20) });
    globalForPrisma.archivePrisma = new PrismaClient({ adapter });
  }
  return globalForPrisma.archivePrisma;
}

export async function disconnectDb(): Promise<void> {
  await disconnectPgPool();
  await globalForPrisma.archivePrisma?.$disconnect();
  globalForPrisma.archivePrisma = undefined;
}

/** Runs `work` in a READ COMMITTED transaction (the audit chain relies on per-statement snapshots). */
export function transaction<T>(work: (tx: Tx) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
  return db().$transaction(work, { timeout: options.timeoutMs ?? 30_000, maxWait: 30_000, isolationLevel: "ReadCommitted" });
}
