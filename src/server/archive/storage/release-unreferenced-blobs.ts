import { config } from "../../platform/config/env";
import { transaction } from "../../platform/db/client";
import { blobKeyForHash, BlobRetainedError } from "./blob-store";
import { blobStore } from "./blob-store-factory";
import {
  blobDeletionsAllowed,
  deleteAppliedBlobRetention,
  lockBlobsExclusive,
  recordBlobIntents,
  referencedHashes,
} from "./storage.queries";

/**
 * Deletes the stored bytes of those `hashes` that no email or attachment references any more
 * (call it after the deleting transaction committed). Returns the hashes whose bytes were removed.
 * While a backup or check reads the store, nothing is removed: the hashes are journalled again as
 * blob intents, which the lifecycle's sweep releases later.
 */
export async function releaseUnreferencedBlobs(options: { hashes: string[] }): Promise<string[]> {
  const hashes = [...new Set(options.hashes)];
  if (hashes.length === 0) return [];
  return transaction(async (tx) => {
    if (!(await blobDeletionsAllowed(tx))) {
      await recordBlobIntents(tx, hashes);
      return [];
    }
    await lockBlobsExclusive(tx, hashes);
    const stillUsed = await referencedHashes(tx, hashes);
    const unreferenced = hashes.filter((hash) => !stillUsed.has(hash));
    const store = blobStore();
    const removed: string[] = [];
    const retained: string[] = [];
    for (const hash of unreferenced) {
      try {
        await store.delete(blobKeyForHash(hash));
        removed.push(hash);
      } catch (error) {
        // Immutability mode: kept, and journalled again so that a later sweep removes the bytes
        // once their retention ends (the deletions check first, so this takes a race).
        if (!(error instanceof BlobRetainedError)) throw error;
        retained.push(hash);
      }
    }
    if (retained.length > 0) await recordBlobIntents(tx, retained);
    if (config.storageImmutable && removed.length > 0) await deleteAppliedBlobRetention(tx, removed);
    return removed;
  });
}
