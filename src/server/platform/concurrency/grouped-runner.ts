/** At most this many callers share one group; the rest wait for the next. */
const MAX_GROUP_CALLERS = 500;

interface Waiter<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Groups concurrent calls into one run of `runGroup` (one statement instead of one per caller):
 * the first call runs at once; calls made while a group runs wait and go together as the next
 * group, first come first, so every caller's group starts after its call was made (a group never
 * answers from work begun before the caller asked). `runGroup` answers one result per item, in
 * order. When a group of several fails, each of its callers is run alone, so one caller's failure
 * is never another's.
 */
export function groupedRunner<Item, Result>(runGroup: (items: Item[]) => Promise<Result[]>): (item: Item) => Promise<Result> {
  const waiting: Waiter<Item, Result>[] = [];
  let running = false;

  const settle = async (group: Waiter<Item, Result>[]) => {
    try {
      const results = await runGroup(group.map((waiter) => waiter.item));
      group.forEach((waiter, index) => waiter.resolve(results[index]));
    } catch (error) {
      if (group.length === 1) return group[0].reject(error);
      for (const waiter of group) await settle([waiter]);
    }
  };

  const drain = async () => {
    running = true;
    try {
      while (waiting.length > 0) await settle(waiting.splice(0, MAX_GROUP_CALLERS));
    } finally {
      running = false;
    }
  };

  return (item) => {
    const result = new Promise<Result>((resolve, reject) => waiting.push({ item, resolve, reject }));
    // Not awaited: drain never rejects (settle hands every failure to its callers' promises).
    if (!running) void drain();
    return result;
  };
}
