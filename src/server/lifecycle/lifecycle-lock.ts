import { connectDedicatedPgClient } from "../db/pg-pool";

/** Two-key advisory lock (distinct from the audit chain's one-key lock): "life", "cycl". */
const LOCK_CLASS = 0x6c696665;
const LOCK_ID = 0x6379636c;

/**
 * Runs `work` while holding the session-level advisory lock of the lifecycle on a dedicated
 * connection, so that two workers never run a cycle together; answers null at once when another
 * session holds it. The lock dies with the connection if the process does.
 */
export async function withLifecycleLock<T>(work: () => Promise<T>): Promise<{ result: T } | null> {
  // A dropped lock connection only means the lock is gone; the cycle's own queries report their errors.
  const { client } = await connectDedicatedPgClient({ application_name: "lifecycle-lock" });
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::int, $2::int) AS locked", [
      LOCK_CLASS,
      LOCK_ID,
    ]);
    if (!rows[0]?.locked) return null;
    try {
      return { result: await work() };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1::int, $2::int)", [LOCK_CLASS, LOCK_ID]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
