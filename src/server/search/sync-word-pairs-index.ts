import { appendAuditEntry, systemActor } from "../audit/append-audit-entry";
import { db } from "../platform/db/client";
import { connectDedicatedPgClient } from "../platform/db/pg-pool";
import type { SqlClient } from "../platform/db/sql-client";
import { getSettings } from "../settings/get-settings";
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

export type WordPairsSyncOutcome = "as set" | "built" | "rebuilt" | "dropped" | "another process builds it" | "stopped" | "turned off";

/** How often a build in hand looks whether the setting was turned off meanwhile. */
const SETTING_POLL_MS = 15_000;

/**
 * Makes the word-pair index (docs/search.md, "Phrases: the word-pair index") what the `phraseIndex`
 * setting asks, without blocking imports or searches: built with CREATE INDEX CONCURRENTLY on a
 * dedicated connection while the setting is on, dropped concurrently once it is off. Every worker
 * runs it periodically; a session-level advisory lock lets one process at a time build or drop (the
 * others answer at once). Only the lock's holder drops an INVALID index, the remains of a build a
 * crash or a stop ended, so a build is resumed by starting over. A stop request, or the setting
 * turned off, cancels the build in hand. A finished build or drop is audited as the worker's.
 */
export async function syncWordPairsIndex(options: { signal?: AbortSignal } = {}): Promise<WordPairsSyncOutcome> {
  const { client } = await connectDedicatedPgClient({ application_name: "word-pairs-index" });
  try {
    if (!(await tryLockWordPairsBuild(client))) return "another process builds it";
    try {
      const wanted = (await getSettings()).phraseIndex;
      const state = await selectWordPairsIndexState(client);
      if (!wanted) {
        if (state === "absent") return "as set";
        await dropWordPairsIndexConcurrently(client);
        forgetWordPairsIndexState();
        await auditIndexChange("dropped");
        return "dropped";
      }
      if (state === "valid") return "as set";
      if (state === "invalid") await dropWordPairsIndexConcurrently(client);
      const startedAt = Date.now();
      const outcome = await buildCancellably(client, options.signal);
      if (outcome !== "built") {
        // The cancelled build leaves an INVALID index that no search uses; drop it now rather than at the next pass.
        await dropWordPairsIndexConcurrently(client).catch(() => undefined);
        return outcome;
      }
      forgetWordPairsIndexState();
      await auditIndexChange("built", Math.round((Date.now() - startedAt) / 1000));
      return state === "invalid" ? "rebuilt" : "built";
    } finally {
      await unlockWordPairsBuild(client).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs the build, cancelling its statement on a stop request or when the setting is turned off meanwhile. */
async function buildCancellably(client: SqlClient, signal: AbortSignal | undefined): Promise<"built" | "stopped" | "turned off"> {
  if (signal?.aborted) return "stopped";
  const pid = await selectBackendPid(client);
  let cancelledBecause: "stopped" | "turned off" | null = null;
  const cancel = (reason: "stopped" | "turned off") => {
    cancelledBecause ??= reason;
    void cancelBackend(db(), pid).catch(() => undefined);
  };
  const onStop = () => cancel("stopped");
  signal?.addEventListener("abort", onStop, { once: true });
  const poll = setInterval(() => {
    void getSettings()
      .then((settings) => !settings.phraseIndex && cancel("turned off"))
      .catch(() => undefined);
  }, SETTING_POLL_MS);
  try {
    await createWordPairsIndexConcurrently(client);
    return "built";
  } catch (error) {
    if (cancelledBecause) return cancelledBecause;
    throw error;
  } finally {
    clearInterval(poll);
    signal?.removeEventListener("abort", onStop);
  }
}

async function auditIndexChange(change: "built" | "dropped", seconds?: number): Promise<void> {
  await appendAuditEntry(db(), {
    actor: systemActor("worker"),
    actionType: "UPDATE",
    targetType: "Settings",
    targetId: "phraseIndex",
    details: { wordPairIndex: change, ...(seconds !== undefined && { seconds }) },
  });
}
