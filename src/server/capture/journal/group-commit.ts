export interface GroupCommitOptions<Item, Result> {
  /** How long the first item of a group waits for companions when nothing is being stored. */
  windowMs: number;
  /** A group this large is stored at once, even while `concurrency` others are being stored. */
  maxItems: number;
  /** Groups of one key stored at the same time (so the database and the file system work in parallel). */
  concurrency: number;
  /**
   * A group of at least twice `minItems` is stored as up to `parts` smaller groups at once (each
   * of at least `minItems`): a store's database work runs on one core, so a lone group leaves
   * the others idle while every submitter waits for it.
   */
  split?: { parts: number; minItems: number };
  /** Stores one group; one result per item, in order. Throwing fails every item of the group. */
  store: (key: string, items: Item[]) => Promise<Result[]>;
}

interface Pending<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

interface KeyState<Item, Result> {
  waiting: Pending<Item, Result>[];
  timer?: NodeJS.Timeout;
  storing: number;
}

/**
 * Group commit: items submitted under one key while `concurrency` groups of that key are being
 * stored wait and are stored together as the next group (one transaction, one commit, instead of
 * one each), so the batch grows with the load and a lone item waits only `windowMs`. A submission settles only
 * when its group's `store` has settled: the caller learns its item is stored only once it is.
 */
export function createGroupCommit<Item, Result>(options: GroupCommitOptions<Item, Result>): (key: string, item: Item) => Promise<Result> {
  const states = new Map<string, KeyState<Item, Result>>();

  const storeWaiting = (key: string, state: KeyState<Item, Result>) => {
    clearTimeout(state.timer);
    state.timer = undefined;
    const waiting = state.waiting;
    state.waiting = [];
    for (const group of parts(waiting)) storeGroup(key, state, group);
  };

  const parts = (group: Pending<Item, Result>[]): Pending<Item, Result>[][] => {
    const count = options.split ? Math.min(options.split.parts, Math.floor(group.length / options.split.minItems)) : 1;
    if (count <= 1) return [group];
    const size = Math.ceil(group.length / count);
    return Array.from({ length: count }, (_, index) => group.slice(index * size, (index + 1) * size)).filter((part) => part.length > 0);
  };

  const storeGroup = (key: string, state: KeyState<Item, Result>, group: Pending<Item, Result>[]) => {
    state.storing += 1;
    options
      .store(
        key,
        group.map((pending) => pending.item),
      )
      .then(
        (results) => group.forEach((pending, index) => pending.resolve(results[index])),
        (error: unknown) => group.forEach((pending) => pending.reject(error)),
      )
      .finally(() => {
        state.storing -= 1;
        schedule(key, state);
        if (state.waiting.length === 0 && state.storing === 0) states.delete(key);
      });
  };

  const schedule = (key: string, state: KeyState<Item, Result>) => {
    if (state.waiting.length >= options.maxItems) storeWaiting(key, state);
    else if (state.waiting.length > 0 && state.storing < options.concurrency && state.timer === undefined) {
      state.timer = setTimeout(() => storeWaiting(key, state), options.windowMs);
    }
  };

  return (key, item) =>
    new Promise<Result>((resolve, reject) => {
      let state = states.get(key);
      if (!state) states.set(key, (state = { waiting: [], storing: 0 }));
      state.waiting.push({ item, resolve, reject });
      schedule(key, state);
    });
}
