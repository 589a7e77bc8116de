import type { Pool } from "pg";
import { groupedRunner } from "../platform/concurrency/grouped-runner";
import { insertPendingAuditEntries, type PendingAuditRow } from "./audit.queries";

/** One group committer per pool (the process has one; tests may make others). */
const committers = new WeakMap<Pool, (rows: PendingAuditRow[]) => Promise<void>>();

/**
 * Group commit of standalone entries (an access that changes nothing: a READ, a SEARCH), appended
 * through the pool rather than inside a transaction. Each such append used to be a one-statement
 * transaction of its own, and every commit seals under the chain's lock and holds it through its
 * WAL flush, so concurrent readers queued behind one flush each. Here the entries that arrive while
 * a group is committing wait and go together as the next group: one insert in arrival order (so
 * each caller's entries stay consecutive and in order), one seal, one flush. A caller's promise
 * settles only when the group holding its entries has committed, so an entry is durable and
 * chained before its request answers, as before; a failing group is retried caller by caller.
 */
export function appendAuditRowsGrouped(pool: Pool, rows: PendingAuditRow[]): Promise<void> {
  let commit = committers.get(pool);
  if (!commit) {
    commit = groupedRunner(async (groups: PendingAuditRow[][]) => {
      await insertPendingAuditEntries(pool, groups.flat());
      return groups.map(() => undefined);
    });
    committers.set(pool, commit);
  }
  return commit(rows);
}
