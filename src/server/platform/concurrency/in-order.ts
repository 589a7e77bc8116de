import { handled } from "./handled";

/**
 * Runs `work` over `items` with at most `depth` of them in flight, and hands each result to
 * `consume` in the items' order (awaited before the next result). The first failure rejects; the
 * failures of work still in flight then are left unreported.
 */
export async function inOrder<T, R>(
  items: readonly T[],
  depth: number,
  work: (item: T) => Promise<R>,
  consume: (item: T, result: R) => void | Promise<void>,
): Promise<void> {
  const pending: Promise<R>[] = [];
  const start = (index: number) => {
    pending.push(handled(work(items[index])));
  };
  let next = 0;
  while (next < Math.min(depth, items.length)) start(next++);
  for (let index = 0; index < items.length; index++) {
    const result = await pending.shift()!;
    if (next < items.length) start(next++);
    await consume(items[index], result);
  }
}
