import pg from "pg";

/**
 * A connected client of its own, outside the pool (connectDedicatedPgClient is this one on the
 * configured database). A connection lost while no statement runs on it emits 'error', which would
 * end the process without a listener; the next statement fails instead, and `lost()` tells. The
 * caller ends the client. Apart from pg-pool.ts so that a thread given the URL (the audit verify
 * helpers) does not load the configuration and its schemas.
 */
export async function connectPgClient(
  connectionString: string,
  options: Omit<pg.ClientConfig, "connectionString"> = {},
): Promise<{ client: pg.Client; lost: () => boolean }> {
  const client = new pg.Client({ ...options, connectionString });
  let lost = false;
  client.on("error", () => (lost = true));
  await client.connect();
  return { client, lost: () => lost };
}
