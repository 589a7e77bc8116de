import { db } from "../platform/db/client";
import { connectDedicatedPgClient } from "../platform/db/pg-pool";
import { forgetWordPairsIndexState } from "./word-pairs-index";
import {
  cancelBackend,
  createWordPairsIndexConcurrently,
  dropWordPairsIndexConcurrently,
  selectBackendPid,
  selectWordPairsIndexState,
  tryLockWordPairsBuild,
  unlockWordPairsBuild,
} from "./word-pairs-index.queries";

export type WordPairsBuildOutcome = "already valid" | "built" | "rebuilt" | "another process builds it" | "stopped";

/**
 * Builds the word-pair index (docs/search.md, "Phrases: the word-pair index") in the background,
 * without blocking ingest or search: CREATE INDEX CONCURRENTLY on a dedicated connection. Every
 * worker runs it at start; a session-level advisory lock lets one build at a time (the others
 * answer at once), and only its holder drops an INVALID index, the remains of a build a crash or a
 * stop ended, so a build is resumed by starting over. A stop request cancels the build in hand.
 */
export async function buildWordPairsIndex(options: { signal?: AbortSignal } = {}): Promise<WordPairsBuildOutcome> {
  const { client } = await connectDedicatedPgClient({ application_name: "word-pairs-index" });
  try {
    if (!(await tryLockWordPairsBuild(client))) return "another process builds it";
    try {
      const state = await selectWordPairsIndexState(client);
      if (state === "valid") return "already valid";
      if (state === "invalid") await dropWordPairsIndexConcurrently(client);
      const pid = await selectBackendPid(client);
      const cancel = () => void cancelBackend(db(), pid).catch(() => undefined);
      if (options.signal?.aborted) return "stopped";
      options.signal?.addEventListener("abort", cancel, { once: true });
      try {
        await createWordPairsIndexConcurrently(client);
      } catch (error) {
        if (options.signal?.aborted) return "stopped";
        throw error;
      } finally {
        options.signal?.removeEventListener("abort", cancel);
      }
      forgetWordPairsIndexState();
      return state === "invalid" ? "rebuilt" : "built";
    } finally {
      await unlockWordPairsBuild(client).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
