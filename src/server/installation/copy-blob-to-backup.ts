import { randomBytes } from "node:crypto";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { BlobUnreadableError } from "../archive/storage/blob-envelope";
import type { SealedBlobStore } from "../archive/storage/sealed-blob-store";
import { makePrivateDirectory, writePrivateFile } from "../platform/files/private-files";
import { sha256Hex } from "../platform/crypto/sha256";

/** Bytes that do not hash to their key: the store is damaged; `npm run archive -- check` lists what. */
export class CorruptBlobError extends Error {
  constructor(key: string) {
    super(`The stored bytes of ${key} do not hash to its name: the store is damaged (run: npm run archive -- check)`);
  }
}

/** `stored`, the bytes kept under `key`, open to bytes whose SHA-256 is the key's name; else CorruptBlobError. */
export async function assertOpensToName(store: SealedBlobStore, key: string, stored: Buffer): Promise<void> {
  const plain = await store.open(key, stored).catch((error: unknown) => {
    if (error instanceof BlobUnreadableError) return null;
    throw error;
  });
  if (!plain || sha256Hex(plain) !== path.basename(key)) throw new CorruptBlobError(key);
}

/**
 * Copies one blob, as stored (sealed: backups stay encrypted), into a backup's blob directory unless
 * an earlier backup already holds it (blobs are content-addressed, so a present file opens to the
 * same bytes); answers the bytes copied (0 when present). The copy is verified on the way: opened
 * (decrypted) and re-hashed against its name.
 */
export async function copyBlobToBackup(options: { store: SealedBlobStore; key: string; blobsRoot: string }): Promise<number> {
  const target = path.join(options.blobsRoot, options.key);
  if (
    await stat(target).then(
      (info) => info.isFile(),
      () => false,
    )
  )
    return 0;
  const bytes = await options.store.inner.get(options.key);
  await assertOpensToName(options.store, options.key, bytes);
  await makePrivateDirectory(path.dirname(target));
  const temp = `${target}.${randomBytes(4).toString("hex")}.partial`;
  try {
    await writePrivateFile(temp, bytes, { flag: "wx" });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return bytes.length;
}
