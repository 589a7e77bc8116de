import type { Pool } from "pg";
import { groupedRunner } from "../platform/concurrency/grouped-runner";
import { sealCommittedAuditEntries } from "./audit.queries";

/** One sealer per pool (the process has one; tests make others to play two hosts). */
const sealers = new WeakMap<Pool, () => Promise<void>>();

/**
 * Chains every committed pending entry (docs/audit-log.md, "How appends are serialized"): called
 * after each audited commit, it settles once a seal that began after the call has run, so the
 * caller's entries are in the chain when it returns. Calls made while a seal runs share the next
 * one (one statement, one lock, one WAL flush for all of them), and a seal takes the entries of
 * every process: a host that finds its entries already sealed by another host's seal waits only
 * for that seal's lock, never for anyone's transaction.
 */
export function sealAuditChain(pool: Pool): Promise<void> {
  let seal = sealers.get(pool);
  if (!seal) {
    const grouped = groupedRunner(async (callers: null[]) => {
      await sealCommittedAuditEntries(pool);
      return callers.map(() => undefined);
    });
    seal = () => grouped(null);
    sealers.set(pool, seal);
  }
  return seal();
}
