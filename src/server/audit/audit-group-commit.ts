import type { Pool } from "pg";
import { groupedRunner } from "../platform/concurrency/grouped-runner";
import { appendAndSealAuditEntries, type PendingAuditRow } from "./audit.queries";

/** One group committer per pool (the process has one; tests may make others). */
const committers = new WeakMap<Pool, (rows: PendingAuditRow[]) => Promise<void>>();

/**
 * Group commit of standalone entries (an access that changes nothing: a READ, a SEARCH), appended
 * through the pool rather than inside a transaction. Each such append would be a one-statement
 * transaction of its own with a commit (a WAL flush) each. Here the entries that arrive while a
 * group is committing wait and go together as the next group: one statement inserts them in arrival
 * order (so each caller's entries stay consecutive and in order) and seals them, with every entry
 * committed meanwhile, in one transaction and one commit. A caller's promise settles only when its
 * group's entries are committed and chained, so an entry is durable and chained before its request
 * answers; a failing group leaves nothing and is retried caller by caller.
 */
export function appendAuditRowsGrouped(pool: Pool, rows: PendingAuditRow[]): Promise<void> {
  let commit = committers.get(pool);
  if (!commit) {
    commit = groupedRunner(async (groups: PendingAuditRow[][]) => {
      await appendAndSealAuditEntries(pool, groups.flat());
      return groups.map(() => undefined);
    });
    committers.set(pool, commit);
  }
  return commit(rows);
}
