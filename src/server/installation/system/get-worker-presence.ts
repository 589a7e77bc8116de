import { db, type DbOrTx } from "../../platform/db/client";
import { WORKER_STALE_SECONDS } from "./system.schemas";
import { workerSeenWithin } from "./system.queries";

/** Whether a worker was seen lately: the Exports, Sources and Retention pages warn when none was. */
export async function getWorkerPresence(options: { client?: DbOrTx } = {}): Promise<{ workerRunning: boolean; staleAfterSeconds: number }> {
  return { workerRunning: await workerSeenWithin(options.client ?? db(), WORKER_STALE_SECONDS), staleAfterSeconds: WORKER_STALE_SECONDS };
}
