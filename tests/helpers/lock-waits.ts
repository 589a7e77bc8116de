import { db } from "../../src/server/db/client";

/** Resolves once some backend of this database waits for a lock (a row lock shows as one on a transaction id). */
export async function untilSomeoneWaitsForALock(): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const [row] = await db().$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (Number(row.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no backend waited for a lock");
}
