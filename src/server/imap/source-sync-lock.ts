import { connectDedicatedPgClient } from "../db/pg-pool";

/**
 * Runs `work` while holding a session advisory lock for the source on a connection of its own,
 * so two workers never sync one source at once. The lock lives as long as that connection: a
 * worker that dies mid-sync releases it with its socket. Answers `{ acquired: false }` at once
 * when another sync holds it.
 */
export async function withSourceSyncLock<T>(
  sourceId: string,
  work: () => Promise<T>,
): Promise<{ acquired: false } | { acquired: true; result: T }> {
  const { client } = await connectDedicatedPgClient({ keepAlive: true });
  try {
    const key = `imap-sync:${sourceId}`;
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked", [key]);
    if (!rows[0].locked) return { acquired: false };
    try {
      return { acquired: true, result: await work() };
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
