import type { SqlClient } from "../platform/db/sql-client";
import { getSettings } from "../settings/get-settings";
import { selectWordPairsBuildProgress, selectWordPairsIndexState, type WordPairsBuildProgress } from "./word-pairs-index.queries";

export type WordPairsIndexStatus = {
  /** The phraseIndex setting. */
  enabled: boolean;
  /** ready: phrases use it; building: a worker builds it; pending: on, no build yet (or one left invalid, to be redone); dropping: off, not dropped yet; off. */
  state: "ready" | "building" | "pending" | "dropping" | "off";
  /** The build in hand, as PostgreSQL reports it; null when none runs. */
  progress: WordPairsBuildProgress | null;
};

/** What the system status shows of the word-pair index (docs/operations.md, "Word-pair index of phrases"). */
export async function wordPairsIndexStatus(client: SqlClient): Promise<WordPairsIndexStatus> {
  const [{ phraseIndex: enabled }, state, progress] = await Promise.all([
    getSettings(),
    selectWordPairsIndexState(client),
    selectWordPairsBuildProgress(client),
  ]);
  if (!enabled) return { enabled, state: state === "absent" ? "off" : "dropping", progress };
  if (state === "valid") return { enabled, state: "ready", progress: null };
  return { enabled, state: progress ? "building" : "pending", progress };
}
