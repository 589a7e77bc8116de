import { config, dataDir, useDatabaseUrl } from "../config/env";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres";
import { connectPgClient } from "./pg-connect";
import { selectInRecovery } from "./replica-reads.queries";

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR, started on demand.
 * Sets DATABASE_URL (useDatabaseUrl) so that everything else in the process uses the same server.
 * A DATABASE_URL that is a read-only replica stops the start here, with a message naming the
 * variable, rather than at the first INSERT.
 */
export async function resolveDatabase(log: (message: string) => void = () => undefined): Promise<EmbeddedDatabase> {
  const url = config.databaseUrl;
  if (url) {
    await assertNotReplica(url);
    return { url, owned: false, stop: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: dataDir(), port: config.embeddedPgPort, log });
  useDatabaseUrl(embedded.url);
  return embedded;
}

async function assertNotReplica(url: string): Promise<void> {
  const { client } = await connectPgClient(url);
  try {
    if (await selectInRecovery(client)) {
      throw new Error(
        "DATABASE_URL points at a PostgreSQL standby (pg_is_in_recovery() is true: a read-only replica). " +
          'Set DATABASE_URL to the primary, and the replica in DATABASE_READ_URL (docs/database.md, "Read replicas").',
      );
    }
  } finally {
    await client.end();
  }
}
