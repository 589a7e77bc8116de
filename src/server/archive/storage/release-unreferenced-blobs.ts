import { config } from "../../platform/config/env";
import { db, transaction } from "../../platform/db/client";
import type { SqlClient } from "../../platform/db/sql-client";
import { blobKeyForHash, BlobRetainedError } from "./blob-store";
import { blobStore } from "./blob-store-factory";
import {
  blobDeletionsAllowed,
  clearBlobIntents,
  deleteAppliedBlobRetention,
  lockBlobsExclusive,
  recordBlobDependencies,
  recordBlobIntents,
  referencedHashes,
  takeBlobDependencies,
} from "./storage.queries";

/**
 * Deletes the stored bytes of those `hashes` that no email or attachment references any more, nor
 * a stored skeleton that stays (call it after the deleting transaction committed). Returns the
 * hashes whose bytes were removed. While a backup or check reads the store, nothing is removed: the
 * hashes are journalled again as blob intents, which the lifecycle's sweep releases later.
 */
export async function releaseUnreferencedBlobs(options: { hashes: string[] }): Promise<string[]> {
  const hashes = [...new Set(options.hashes)];
  if (hashes.length === 0) return [];
  const outcome = await transaction(async (tx) => {
    if (!(await blobDeletionsAllowed(tx))) {
      await recordBlobIntents(tx, hashes);
      return { removed: [], freed: [], freedIntents: [] };
    }
    await lockBlobsExclusive(tx, hashes);
    const stillUsed = await referencedHashes(tx, hashes);
    const unreferenced = await keepWhatKeptSkeletonsNeed(tx, stillUsed, new Set(hashes.filter((hash) => !stillUsed.has(hash))));
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
    // A removed skeleton no longer needs its attachments: journalled with the removal, released
    // below in a transaction of their own (their locks then come in hash order again).
    const freed = await takeBlobDependencies(tx, removed);
    return { removed, freed, freedIntents: await recordBlobIntents(tx, freed) };
  });
  if (outcome.freed.length === 0) return outcome.removed;
  const alsoRemoved = await releaseUnreferencedBlobs({ hashes: outcome.freed });
  await clearBlobIntents(db(), outcome.freedIntents);
  return [...outcome.removed, ...alsoRemoved];
}

/**
 * `unreferenced` without the attachments a kept skeleton needs. A message stored as a skeleton
 * whose bytes are also another message's attachment (forwarded as message/rfc822) outlives its
 * own rows, and with them the attachment rows that kept its attachments: each kept blob is read
 * once, when something it may need is about to go, and what it needs is recorded so that later
 * releases see it without reading it again. A kept blob that cannot be read keeps them all
 * (recorded the same way, so they go with it): bytes are never removed on a guess.
 */
async function keepWhatKeptSkeletonsNeed(tx: SqlClient, kept: Set<string>, unreferenced: Set<string>): Promise<string[]> {
  if (unreferenced.size === 0 || kept.size === 0) return [...unreferenced];
  const store = blobStore();
  const needed: { blobHash: string; needsHash: string }[] = [];
  for (const blobHash of kept) {
    const references = await store.skeletonReferencesOf(blobKeyForHash(blobHash)).catch(() => [...unreferenced]);
    for (const needsHash of references) if (unreferenced.has(needsHash)) needed.push({ blobHash, needsHash });
  }
  await recordBlobDependencies(tx, needed);
  const keep = new Set(needed.map((pair) => pair.needsHash));
  return [...unreferenced].filter((hash) => !keep.has(hash));
}
