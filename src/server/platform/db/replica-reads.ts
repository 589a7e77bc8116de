import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import { config } from "../config/env";
import { pgPool, pgPoolWithSettings } from "./pg-pool";
import { selectCallerWritePosition, selectReplicaPosition, upsertCallerWritePosition } from "./replica-reads.queries";
import { logger } from "../logging/logger";

const log = logger("db");

/**
 * Read replicas (DATABASE_READ_URL; docs/database.md, "Read replicas"). A request whose operation
 * only reads (`reads: "replica"` in its declaration) runs inside withReadRoute(), which picks the
 * replica or the primary for it by the lag rule below; its use case reads through readPool() /
 * readPoolWithSettings(), which answer the chosen server, and writes through pgPool() as ever.
 * Outside such a request (workers, scripts, every other operation), and whenever DATABASE_READ_URL
 * is unset, readPool() is pgPool(): nothing else changes.
 *
 * The lag rule, exact across hosts:
 * - After a request of a caller that may have written (every tRPC mutation and REST request other
 *   than GET that is not a replica read), the primary's WAL position (pg_current_wal_lsn(), taken
 *   after the request's commits) is kept for that caller in the primary's caller_write_positions,
 *   not in the process: the caller's next request may land on another host.
 * - A replica read of that caller reads that position from the primary (one lookup by key) and
 *   waits up to DATABASE_READ_WAIT_MS for the replica to have replayed it; if it has not, the read
 *   goes to the primary. So a caller reads its own writes, whichever host answers.
 * - A replica further behind than DATABASE_READ_MAX_LAG_MS is not used: the read goes to the primary.
 *   The answer of a read served by the replica says how far behind it was (X-Replica-Lag-Ms).
 * - A replica that cannot be reached is not used either: the read goes to the primary.
 */

interface ReadRoute {
  /** The replica's server URL, or null for the primary. */
  replicaUrl: string | null;
}

const readRoute = new AsyncLocalStorage<ReadRoute>();

/** What a routed read answers, and how stale the replica that served it could be (null: the primary served it). */
export interface RoutedRead<T> {
  result: T;
  replicaLagMs: number | null;
}

/** The replica this process reads from: one of DATABASE_READ_URL's, chosen by the process id so that processes spread over them. */
export function processReplicaUrl(): string | null {
  const urls = config.databaseReadUrls;
  return urls.length === 0 ? null : urls[process.pid % urls.length];
}

/** The pool a replica read uses: the chosen replica's inside a request routed to it, otherwise the primary's. */
export function readPool(): pg.Pool {
  const replicaUrl = readRoute.getStore()?.replicaUrl;
  return replicaUrl ? pgPoolWithSettings({}, replicaUrl) : pgPool();
}

/** readPool() with connection settings (pgPoolWithSettings): the search pool. */
export function readPoolWithSettings(settings: Record<string, string>): pg.Pool {
  const replicaUrl = readRoute.getStore()?.replicaUrl;
  return replicaUrl ? pgPoolWithSettings(settings, replicaUrl) : pgPoolWithSettings(settings);
}

/** The connection setting of the pools that keep a prepared statement's generic plan from its first call. */
export const GENERIC_PLANS = { plan_cache_mode: "force_generic_plan" } as const;

/**
 * readPool() for prepared statements whose plan is the same whatever their values: its connections
 * use a statement's generic plan from its first call (`plan_cache_mode = force_generic_plan`).
 * PostgreSQL would otherwise plan every call anew whenever its estimates for unknown values look
 * dearer than a plan for the known ones, although the plan comes out the same (the list by source
 * at a million emails: 0.26 ms of planning for a 0.15 ms statement; docs/database.md, "Prepared
 * statements"). Only for statements whose plan cannot depend on their values.
 */
export function genericPlanReadPool(): pg.Pool {
  return readPoolWithSettings(GENERIC_PLANS);
}

/** A pg_lsn ('16/B374D848') as a number, to compare positions. */
export function walPosition(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** Where the replica is, or null when it cannot be asked (down, not reachable, not a replica). */
async function replicaPosition(replicaUrl: string): Promise<{ replayed: string; lagMs: number } | null> {
  try {
    const position = await selectReplicaPosition(pgPoolWithSettings({}, replicaUrl));
    return position?.replayed ? { replayed: position.replayed, lagMs: position.lag_ms } : null;
  } catch (error) {
    log.error("read replica not usable, reading from the primary", { reason: (error as Error).message });
    return null;
  }
}

/**
 * The replica when it is usable for `callerKey` now by the lag rule (docs above), else null: waits up
 * to DATABASE_READ_WAIT_MS for it to replay the caller's last write.
 */
async function chooseReplica(replicaUrl: string, callerKey: string | null): Promise<{ lagMs: number } | null> {
  const lastWrite = callerKey === null ? null : await selectCallerWritePosition(pgPool(), callerKey);
  const mustReach = lastWrite === null ? undefined : walPosition(lastWrite);
  const deadline = performance.now() + config.databaseReadWaitMs;
  for (;;) {
    const position = await replicaPosition(replicaUrl);
    if (position === null || position.lagMs > config.databaseReadMaxLagMs) return null;
    if (mustReach === undefined || walPosition(position.replayed) >= mustReach) return position;
    if (performance.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs a read-only request's `work` on the replica when the lag rule allows it (readPool() inside
 * answers the replica), else on the primary. `callerKey` names the caller whose own writes it must
 * see (null: an anonymous read).
 */
export async function withReadRoute<T>(callerKey: string | null, work: () => Promise<T>): Promise<RoutedRead<T>> {
  const replicaUrl = processReplicaUrl();
  // Without DATABASE_READ_URL there is no replica and no route to set: the default hot path stays as it was.
  if (replicaUrl === null) return { result: await work(), replicaLagMs: null };
  const position = await chooseReplica(replicaUrl, callerKey);
  if (position === null) return { result: await readRoute.run({ replicaUrl: null }, work), replicaLagMs: null };
  return { result: await readRoute.run({ replicaUrl }, work), replicaLagMs: Math.round(position.lagMs) };
}

/**
 * Keeps the primary's WAL position for `callerKey` after a request that may have written, on the
 * primary, so that the caller's next replica read on any host waits for it (the lag rule). Nothing
 * without DATABASE_READ_URL.
 */
export async function rememberWrite(callerKey: string | null): Promise<void> {
  if (callerKey === null || processReplicaUrl() === null) return;
  await upsertCallerWritePosition(pgPool(), callerKey);
}

/**
 * The one rule the transports apply to a request: a replica read runs under withReadRoute(); any
 * other request that may have written (`mayWrite`: a tRPC mutation, a REST method other than GET)
 * has its caller's write position remembered afterwards, even when it failed (it may have committed
 * part of its work).
 */
export async function routeRequest<T>(
  request: { readsReplica: boolean; mayWrite: boolean; callerKey: string | null },
  work: () => Promise<T>,
): Promise<RoutedRead<T>> {
  if (request.readsReplica) return withReadRoute(request.callerKey, work);
  try {
    return { result: await work(), replicaLagMs: null };
  } finally {
    if (request.mayWrite)
      await rememberWrite(request.callerKey).catch((error: unknown) => log.error("write position not kept", undefined, error));
  }
}

/** The response header of a read served by a replica: how far behind the primary the replica was, in ms. */
export const REPLICA_LAG_HEADER = "X-Replica-Lag-Ms";
