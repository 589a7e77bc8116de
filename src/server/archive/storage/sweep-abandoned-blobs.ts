import { db } from "../../platform/db/client";
import { clearBlobIntents, selectAbandonedBlobIntents } from "./storage.queries";
import { blobStore } from "./blob-store-factory";
import { releaseUnreferencedBlobs } from "./release-unreferenced-blobs";

/**
 * Deletes partial writes and the bytes of journal entries older than `olderThanMs` that no
 * committed row references, and the entries. Cost follows what crashes left behind, not the size
 * of the store. Returns how many files were removed.
 */
export async function sweepAbandonedBlobs(options: { olderThanMs?: number } = {}): Promise<number> {
  const olderThanMs = options.olderThanMs ?? 15 * 60_000;
  const cutoff = new Date(Date.now() - olderThanMs);
  let removed = await blobStore().sweepPartialWrites(olderThanMs);
  while (true) {
    const intents = await selectAbandonedBlobIntents(db(), cutoff, 1000);
    if (intents.length === 0) return removed;
    removed += (await releaseUnreferencedBlobs({ hashes: intents.map((intent) => intent.hash) })).length;
    await clearBlobIntents(
      db(),
      intents.map((intent) => intent.id),
    );
  }
}
