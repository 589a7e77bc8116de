import { config, dataDir } from "../config/env";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres";

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR, started on demand.
 * Sets process.env.DATABASE_URL so that everything else in the process uses the same server.
 */
export async function resolveDatabase(log: (message: string) => void = () => undefined): Promise<EmbeddedDatabase> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, owned: false, stop: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: dataDir(), port: config.embeddedPgPort, log });
  process.env.DATABASE_URL = embedded.url;
  return embedded;
}
