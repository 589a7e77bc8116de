import { transaction, type Tx } from "../../src/server/platform/db/client";

/** The statement with which hold-release.ts lets a transaction lift legal-hold protection (after checking the caller's permission). */
export const ALLOW_HOLD_RELEASE_SQL = "SELECT set_config('archive.hold_release_by', 'test', true)";

/**
 * Runs `work` in one transaction the database's hold-release guards let lift protection (migration
 * 20261127170000_hold_release_guard): for tests that change holds, links or held emails beneath the
 * application on purpose (counts, oracles, resets), not to get around the rule.
 */
export function withHoldReleaseAllowed<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(async (tx) => {
    await tx.$queryRawUnsafe(ALLOW_HOLD_RELEASE_SQL);
    return work(tx);
  });
}
