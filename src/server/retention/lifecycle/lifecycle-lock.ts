import { connectDedicatedPgClient } from "../../platform/db/pg-pool";
import { advisoryUnlock, tryAdvisoryLock } from "./lifecycle.queries";

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
    if (!(await tryAdvisoryLock(client, LOCK_CLASS, LOCK_ID))) return null;
    try {
      return { result: await work() };
    } finally {
      await advisoryUnlock(client, LOCK_CLASS, LOCK_ID).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
