import { db } from "../platform/db/client";
import { resetNearDuplicates } from "./analytics.queries";

/**
 * Worker handler of `analytics.regroup` (queued when the near-duplicate threshold or ignore
 * patterns change): dissolves every group and hands every email back to the analysis, which
 * groups them again under the new settings (places in conversations are kept).
 */
export async function regroupNearDuplicates(): Promise<void> {
  await resetNearDuplicates(db());
}
