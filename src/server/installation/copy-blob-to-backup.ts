import { randomBytes } from "node:crypto";
import { renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { BlobUnreadableError } from "../archive/storage/blob-envelope";
import type { SealedBlobStore } from "../archive/storage/sealed-blob-store";
import { makePrivateDirectorySync, writePrivateFileSync } from "../platform/files/private-files";
import { sha256Hex } from "../platform/crypto/sha256";
import { releaseBuffer } from "../platform/memory/release-buffer";

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
 * A backup's blob directory, filled one blob at a time: each file private, written whole under a
 * temporary name and renamed into place. Its calls are synchronous: a backup copies hundreds of
 * thousands of small files, and each asynchronous call costs the thread pool's round trip (a 1M
 * backup spent 98-105 s in the kernel that way, 40-46 s so; docs/benchmarks.md, "Storage").
 */
export class BackupBlobDirectory {
  /** Leaf directories known to exist: most hold several blobs, and each mkdir and chmod is a call. */
  private readonly madePrivate = new Set<string>();
  private readonly tempPrefix = randomBytes(4).toString("hex");
  private written = 0;

  constructor(private readonly root: string) {}

  /** Whether an earlier backup holds `key` already: blobs are content-addressed, so the file opens to the same bytes. */
  holds(key: string): boolean {
    return statSync(path.join(this.root, key), { throwIfNoEntry: false })?.isFile() ?? false;
  }

  write(key: string, stored: Buffer): void {
    const target = path.join(this.root, key);
    const directory = path.dirname(target);
    if (!this.madePrivate.has(directory)) {
      makePrivateDirectorySync(directory);
      this.madePrivate.add(directory);
    }
    const temp = `${target}.${this.tempPrefix}-${this.written++}.partial`;
    try {
      writePrivateFileSync(temp, stored, "wx");
      renameSync(temp, target);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  }
}

/**
 * Copies one blob, as stored (sealed: backups stay encrypted), into a backup's blob directory unless
 * an earlier backup already holds it; answers the bytes copied (0 when present). The copy is
 * verified on the way: opened (decrypted) and re-hashed against its name.
 */
export async function copyBlobToBackup(options: { store: SealedBlobStore; key: string; directory: BackupBlobDirectory }): Promise<number> {
  if (options.directory.holds(options.key)) return 0;
  const stored = await options.store.inner.get(options.key);
  await assertOpensToName(options.store, options.key, stored);
  options.directory.write(options.key, stored);
  return stored.length;
}

/**
 * One blob copied synchronously (a copier thread's way, backup-blob-copiers.ts): read with
 * `readStored` (into the thread's scratch buffer where it fits), opened with `open` and re-hashed against its name,
 * then written. Answers the bytes copied (0 when an earlier backup holds it), or null when it does
 * not open here (a data key created after the reader's keys were loaded, or damage): the caller then
 * checks it copyBlobToBackup's way, which loads missing keys and names damage.
 */
export function copyBlobToBackupSync(options: {
  key: string;
  directory: BackupBlobDirectory;
  readStored: (key: string) => Buffer;
  open: (key: string, stored: Buffer) => Buffer;
}): number | null {
  const { key, directory } = options;
  if (directory.holds(key)) return 0;
  const stored = options.readStored(key);
  let plain: Buffer;
  try {
    plain = options.open(key, stored);
  } catch (error) {
    if (error instanceof BlobUnreadableError) return null;
    throw error;
  }
  const matches = sha256Hex(plain) === path.basename(key);
  // Opened bytes are this call's own unless the blob is stored plain (then they are `stored` itself).
  if (plain !== stored) releaseBuffer(plain);
  if (!matches) return null;
  directory.write(key, stored);
  return stored.length;
}
