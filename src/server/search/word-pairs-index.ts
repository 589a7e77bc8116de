import type { SqlClient } from "../platform/db/sql-client";
import { selectWordPairsIndexState } from "./word-pairs-index.queries";

/**
 * Whether phrases may ask the word-pair index: only once the worker's background build
 * (sync-word-pairs-index.ts, while the phraseIndex setting is on) has made it valid. Without it the pair condition would be computed
 * row by row, so it is left out; the results are the same either way (the pairs only filter beside
 * the positional check). Asked at most every READY_CACHE_MS per process: a search learns of a
 * finished build within that time.
 */
const READY_CACHE_MS = 30_000;
let known: { ready: boolean; at: number } | null = null;

export async function wordPairsIndexReady(client: SqlClient): Promise<boolean> {
  if (known && Date.now() - known.at < READY_CACHE_MS) return known.ready;
  const ready = (await selectWordPairsIndexState(client)) === "valid";
  known = { ready, at: Date.now() };
  return ready;
}

/** Forgets the cached answer (after a build in this process, and in tests that build or drop the index). */
export function forgetWordPairsIndexState(): void {
  known = null;
}
