import { handled } from "./handled";

/** Reads started ahead through a PrefetchWindow, taken back in order with next(). */
export interface Prefetched<R> {
  /** The next result in the order the items were given; its slot in the window is freed as it is taken. */
  next(): Promise<R>;
}

export interface PrefetchWindow {
  /**
   * Starts reading `items`, each as soon as a slot of the window is free; slots are granted in the
   * order asked for, across every call, so the items of a later call (the next batch) start only
   * after every earlier item has its slot and never delay them.
   */
  fetch<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Prefetched<R>;
}

/**
 * A bounded window of reads ahead of their consumer: at most `depth` items are being read or read
 * and not yet taken, whatever the number of calls (batches) sharing it. For a store whose every read
 * is a round trip (S3): the reads overlap, across batch boundaries too, while what waits in memory
 * stays bounded by `depth` results.
 */
export function prefetchWindow(depth: number): PrefetchWindow {
  if (!Number.isInteger(depth) || depth < 1) throw new Error(`a prefetch window needs at least one slot, got ${depth}`);
  let free = depth;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => {
    if (free > 0) {
      free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    fetch<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Prefetched<R> {
      // Every slot is asked for now, in order, so later calls queue behind these.
      const results = items.map((item) => handled(acquire().then(() => read(item))));
      let taken = 0;
      return {
        async next() {
          if (taken >= results.length) throw new Error("no prefetched item left");
          const result = results[taken++];
          try {
            return await result;
          } finally {
            release();
          }
        },
      };
    },
  };
}
