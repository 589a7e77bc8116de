import { db, type DbOrTx } from "../platform/db/client";
import { DEFAULT_SETTINGS, mfaRequiredOf, type Settings } from "./settings.schemas";

/** System settings (one row per key in `settings`); missing keys take their defaults. */
export async function getSettings(options: { client?: DbOrTx } = {}): Promise<Settings> {
  const rows = await (options.client ?? db()).setting.findMany({ where: { key: { in: Object.keys(DEFAULT_SETTINGS) } } });
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return {
    deletionEnabled: typeof stored.deletionEnabled === "boolean" ? stored.deletionEnabled : DEFAULT_SETTINGS.deletionEnabled,
    mfaRequired: mfaRequiredOf(stored.mfaRequired),
    nearDuplicateThreshold:
      typeof stored.nearDuplicateThreshold === "number" ? stored.nearDuplicateThreshold : DEFAULT_SETTINGS.nearDuplicateThreshold,
    ignorePatterns:
      Array.isArray(stored.ignorePatterns) && stored.ignorePatterns.every((pattern) => typeof pattern === "string")
        ? (stored.ignorePatterns as string[])
        : DEFAULT_SETTINGS.ignorePatterns,
    phraseIndex: typeof stored.phraseIndex === "boolean" ? stored.phraseIndex : DEFAULT_SETTINGS.phraseIndex,
  };
}
