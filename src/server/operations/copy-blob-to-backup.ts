import { createHash, randomBytes } from "node:crypto";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "../storage/blob-store";
import { makePrivateDirectory, writePrivateFile } from "../storage/private-files";

/** Bytes that do not hash to their key: the store is damaged; `npm run archive -- check` lists what. */
export class CorruptBlobError extends Error {
  constructor(key: string) {
    super(`The stored bytes of ${key} do not hash to its name: the store is damaged (run: npm run archive -- check)`);
  }
}

export const sha256Hex = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * Copies one blob into a backup's blob directory unless an earlier backup already holds it (blobs
 * are content-addressed, so a present file is the same bytes); answers the bytes copied (0 when present).
 */
export async function copyBlobToBackup(options: { store: BlobStore; key: string; blobsRoot: string }): Promise<number> {
  const target = path.join(options.blobsRoot, options.key);
  if (
    await stat(target).then(
      (info) => info.isFile(),
      () => false,
    )
  )
    return 0;
  const bytes = await options.store.get(options.key);
  if (sha256Hex(bytes) !== path.basename(options.key)) throw new CorruptBlobError(options.key);
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
