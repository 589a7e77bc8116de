/** The longest delay one Node timer takes (a longer one fires at once). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Resolves after `ms`, or as soon as `signal` aborts (at once when it already has): a loop's wait that a stop request cuts short. */
export async function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  for (let left = ms; left > 0 && !signal?.aborted; left -= LONGEST_TIMER_MS) await oneTimer(Math.min(left, LONGEST_TIMER_MS), signal);
}

function oneTimer(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
