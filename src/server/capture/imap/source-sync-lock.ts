import { connectDedicatedPgClient } from "../../platform/db/pg-pool";
import { tryLockSourceSync, unlockSourceSync } from "./imap.queries";

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
    if (!(await tryLockSourceSync(client, sourceId))) return { acquired: false };
    try {
      return { acquired: true, result: await work() };
    } finally {
      await unlockSourceSync(client, sourceId).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
