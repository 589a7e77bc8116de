import { runNextJob, type JobHandler } from "./run-next-job";
import { abortableDelay } from "../concurrency/abortable-delay";

/**
 * Job types that may run several at once in one worker: each job is a sync of one source (the
 * source's sync lock keeps two of one source apart), so one slow or stuck source's sync never holds
 * the others'.
 */
export const JOB_SLOTS: Record<string, number> = { "cloud-sync": 2, "imap-sync": 2 };

/**
 * The worker's job loops: each job type claims only its own jobs, in as many loops as it has slots
 * (one unless JOB_SLOTS says more), so a long or stuck job of one type never holds another type (a
 * stuck sync never holds a restore or a requested lifecycle cycle), nor, for the sync types, another
 * source's sync. Runs until `signal` is aborted; each loop finishes the job in hand.
 */
export async function runJobLoops(
  handlers: Record<string, JobHandler>,
  options: { signal: AbortSignal; slots?: Record<string, number>; idleMs?: number; log?: (message: string) => void },
): Promise<void> {
  const slots = options.slots ?? JOB_SLOTS;
  const idleMs = options.idleMs ?? 1000;
  const loop = async (type: string) => {
    const own = { [type]: handlers[type] };
    while (!options.signal.aborted) {
      const ran = await runNextJob(own).catch((error) => {
        options.log?.(`job loop error (${type}): ${String(error)}`);
        return false;
      });
      if (!ran) await abortableDelay(idleMs, options.signal);
    }
  };
  await Promise.all(Object.keys(handlers).flatMap((type) => Array.from({ length: Math.max(1, slots[type] ?? 1) }, () => loop(type))));
}
