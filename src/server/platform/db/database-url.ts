import { config, dataDir, useDatabaseUrl } from "../config/env";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres";

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR, started on demand.
 * Sets DATABASE_URL (useDatabaseUrl) so that everything else in the process uses the same server.
 */
export async function resolveDatabase(log: (message: string) => void = () => undefined): Promise<EmbeddedDatabase> {
  const url = config.databaseUrl;
  if (url) {
    return { url, owned: false, stop: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: dataDir(), port: config.embeddedPgPort, log });
  useDatabaseUrl(embedded.url);
  return embedded;
}
