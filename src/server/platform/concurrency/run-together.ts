/**
 * Runs the tasks at once and answers their results in order. The first failure aborts the signal
 * every task was given, and is thrown once all of them have stopped: nothing is left running (or
 * writing) behind the caller, who may then clean up.
 */
export async function runTogether<T extends unknown[]>(...tasks: { [K in keyof T]: (signal: AbortSignal) => Promise<T[K]> }): Promise<T> {
  const controller = new AbortController();
  const settled = await Promise.allSettled(
    tasks.map((task) =>
      task(controller.signal).catch((error: unknown) => {
        if (!controller.signal.aborted) controller.abort(error);
        throw error;
      }),
    ),
  );
  if (controller.signal.aborted) throw controller.signal.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T;
}
