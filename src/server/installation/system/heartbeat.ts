import { hostname } from "node:os";
import { sealAuditChain } from "../../audit/seal-audit-chain";
import { db } from "../../platform/db/client";
import { pgPool } from "../../platform/db/pg-pool";
import type { ProcessRoleName } from "./process-roles";
import { deleteHeartbeat, upsertHeartbeat } from "./system.queries";

/** How often a process (each role: web, worker, journal) records that it is alive (the status page's "last seen"). */
export const HEARTBEAT_INTERVAL_MS = 30_000;

export type ProcessRole = ProcessRoleName;

/**
 * Records this process's heartbeat now and every HEARTBEAT_INTERVAL_MS (docs/operations.md, "System
 * status"); a failed beat is logged and the next one tried. The returned function stops beating and
 * removes the row, so a process stopped cleanly is not listed as silent.
 */
export async function startHeartbeat(options: {
  role: ProcessRole;
  details?: Record<string, unknown>;
  log: (message: string) => void;
}): Promise<() => Promise<void>> {
  const beat = { id: `${options.role}:${hostname()}:${process.pid}`, role: options.role, hostname: hostname(), pid: process.pid };
  const details = options.details ?? {};
  const record = async () => {
    await upsertHeartbeat(db(), { ...beat, details });
    // Audit entries committed by a transaction whose seal did not run (its process ended between
    // the commit and the seal, or the seal failed) are chained here at the latest.
    await sealAuditChain(pgPool());
  };
  await record();
  const timer = setInterval(() => void record().catch((error) => options.log(`heartbeat failed: ${String(error)}`)), HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await deleteHeartbeat(db(), beat.id).catch(() => undefined);
  };
}
