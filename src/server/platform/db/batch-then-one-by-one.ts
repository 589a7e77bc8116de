/**
 * Runs `run` on the whole batch (one transaction, the fast path); if that throws, on each item alone,
 * so that an item the database refuses fails alone (`onItemError`) while its neighbours still go
 * through. Returns the results of the runs that succeeded: one for the batch, or one per good item.
 */
export async function batchThenOneByOne<T, R>(
  items: T[],
  run: (items: T[]) => Promise<R>,
  onItemError: (item: T, error: unknown) => void,
): Promise<R[]> {
  try {
    return [await run(items)];
  } catch {
    const results: R[] = [];
    for (const item of items) {
      try {
        results.push(await run([item]));
      } catch (error) {
        onItemError(item, error);
      }
    }
    return results;
  }
}
