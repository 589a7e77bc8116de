import { randomBytes } from "node:crypto";
import { opendir, readdir, readFile, rm, stat } from "node:fs/promises";
import { closeSync, fstatSync, fsync, openSync, readSync, renameSync, statSync, writeSync } from "node:fs";
import { promisify } from "node:util";
import path from "node:path";
import {
  assertBlobKey,
  BlobNotFoundError,
  BlobRetainedError,
  isRetained,
  laterDate,
  type BlobRetention,
  type BlobStore,
} from "./blob-store";
import { makePrivateDirectorySync, openPrivateFileSync, writePrivateFile } from "../../platform/files/private-files";

/**
 * Blobs as files (0600) under `root` (0700, as every directory in it: private-files.ts). A write
 * goes to a temp file in the same file system, is fsynced, renamed into place and the directory
 * fsynced, so a crash leaves either no file or the whole one.
 *
 * Each blob's retention is a small JSON file beside the tree of blobs (`retention/<key>.json`). In
 * immutability mode the store refuses to delete or overwrite a retained blob; it cannot stop a
 * user with write access to the directory (root) from removing files (docs/retention.md).
 */
export class LocalBlobStore implements BlobStore {
  readonly name = "local" as const;

  constructor(
    private readonly root: string,
    private readonly options: { immutable?: boolean } = {},
  ) {}

  private retentionFileFor(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, "retention", `${key}.json`);
  }

  private fileFor(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key);
  }

  async put(options: { key: string; bytes: Buffer; replace?: boolean }): Promise<void> {
    await this.putMany([options]);
  }

  /**
   * Writes the missing blobs (and those to `replace`) as temp files fsynced in parallel, renames them
   * into place, then fsyncs each directory that gained a file once (a batch pays two rounds of
   * fsyncs, not two per blob). A present file is kept: sealed bytes differ from the plain ones
   * (and from another sealing of them), so presence, not equality, decides.
   */
  async putMany(blobs: { key: string; bytes: Buffer; replace?: boolean }[]): Promise<void> {
    const missing = blobs.filter((blob) => blob.replace || !hasFile(this.fileFor(blob.key), blob.bytes.length));
    if (missing.length === 0) return;
    if (this.options.immutable) await Promise.all(missing.map((blob) => this.refuseIfRetained(blob.key)));
    const files = missing.map((blob) => ({ file: this.fileFor(blob.key), bytes: blob.bytes }));
    try {
      await this.writeFiles(files);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      // A directory was removed behind our back (a clean-up of the store): create it again, once.
      this.knownDirectories.clear();
      await this.writeFiles(files);
    }
  }

  /** Directories this store has created or found: an import writes thousands of blobs, and a mkdir each costs. */
  private readonly knownDirectories = new Set<string>();

  private ensureDirectory(directory: string): void {
    if (this.knownDirectories.has(directory)) return;
    if (this.knownDirectories.size === 0) makePrivateDirectorySync(this.root);
    makePrivateDirectorySync(directory);
    this.knownDirectories.add(directory);
  }

  /**
   * The metadata calls (stat, mkdir, open, close, rename) and the writes of small files are
   * synchronous: each takes microseconds, less than a round trip through libuv's thread pool costs
   * in CPU (20 KB blobs in groups of 5: 0.42-0.52 ms of CPU per blob all asynchronous, 0.20-0.29 ms
   * so; docs/journaling.md). The fsyncs, which wait for the disk, stay asynchronous and in parallel.
   */
  private async writeFiles(files: { file: string; bytes: Buffer }[]): Promise<void> {
    const tempDirectory = path.join(this.root, "tmp");
    const directories = [...new Set(files.map(({ file }) => path.dirname(file)))];
    for (const directory of [tempDirectory, ...directories]) this.ensureDirectory(directory);
    const temps = files.map(({ file }) => path.join(tempDirectory, `${path.basename(file)}.${randomBytes(6).toString("hex")}`));
    try {
      await Promise.all(files.map(({ bytes }, index) => writeDurably(temps[index], bytes)));
      files.forEach(({ file }, index) => renameSync(temps[index], file));
    } catch (error) {
      await Promise.all(temps.map((temp) => rm(temp, { force: true })));
      throw error;
    }
    await Promise.all(directories.map(syncDirectory));
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.fileFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError(key);
      throw error;
    }
  }

  readSync(key: string, scratch: Buffer): Buffer {
    let fd: number;
    try {
      fd = openSync(this.fileFor(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError(key);
      throw error;
    }
    try {
      const size = fstatSync(fd).size;
      const target = size <= scratch.length ? scratch.subarray(0, size) : Buffer.allocUnsafe(size);
      for (let read = 0; read < size;) {
        const count = readSync(fd, target, read, size - read, read);
        if (count === 0) return target.subarray(0, read);
        read += count;
      }
      return target;
    } finally {
      closeSync(fd);
    }
  }

  holdsSync(key: string): boolean {
    return hasFile(this.fileFor(key), 1);
  }

  async storedSize(key: string): Promise<number | null> {
    const info = await stat(this.fileFor(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileFor(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    if (this.options.immutable) await this.refuseIfRetained(key);
    await rm(this.fileFor(key), { force: true });
    await rm(this.retentionFileFor(key), { force: true });
  }

  private async refuseIfRetained(key: string): Promise<void> {
    const retention = await this.recordedRetention(key);
    if (retention && isRetained(retention)) throw new BlobRetainedError(key, retention);
  }

  private async recordedRetention(key: string): Promise<BlobRetention | null> {
    const text = await readFile(this.retentionFileFor(key), "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (text === null) return null;
    const stored = JSON.parse(text) as { retainUntil: string | null; legalHold: boolean };
    return { retainUntil: stored.retainUntil === null ? null : new Date(stored.retainUntil), legalHold: stored.legalHold };
  }

  async retentionOf(key: string): Promise<BlobRetention | null> {
    if (!(await this.exists(key))) return null;
    return (await this.recordedRetention(key)) ?? { retainUntil: null, legalHold: false };
  }

  /** One file holds one copy. */
  async retentionOfEveryCopy(key: string): Promise<BlobRetention[] | null> {
    const retention = await this.retentionOf(key);
    return retention && [retention];
  }

  async setRetention(key: string, retention: BlobRetention): Promise<void> {
    if (!(await this.exists(key))) return;
    const current = await this.recordedRetention(key);
    const retainUntil = laterDate(current?.retainUntil ?? null, retention.retainUntil);
    if (current && current.legalHold === retention.legalHold && current.retainUntil?.getTime() === retainUntil?.getTime()) return;
    const record = JSON.stringify({ retainUntil: retainUntil?.toISOString() ?? null, legalHold: retention.legalHold });
    await this.writeFiles([{ file: this.retentionFileFor(key), bytes: Buffer.from(record) }]);
  }

  async hasAnyBlob(): Promise<boolean> {
    return containsFile(path.join(this.root, "sha256"));
  }

  async sweepPartialWrites(olderThanMs: number): Promise<number> {
    const tempDirectory = path.join(this.root, "tmp");
    const names = await readdir(tempDirectory).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(tempDirectory, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs >= olderThanMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

const fsyncAsync = promisify(fsync);

/** Above this size a file is written asynchronously, so that copying it does not hold the event loop. */
const SYNC_WRITE_MAX_BYTES = 1024 * 1024;

/** A file is there: non-empty, or empty as the blob itself is (a crash never leaves a partial file: writes are renamed into place). */
function hasFile(file: string, size: number): boolean {
  try {
    const found = statSync(file, { throwIfNoEntry: false });
    return found !== undefined && (found.size > 0 || size === 0);
  } catch {
    return false;
  }
}

/** Creates `file` (it must not exist) with `bytes` and fsyncs it. */
async function writeDurably(file: string, bytes: Buffer): Promise<void> {
  if (bytes.length > SYNC_WRITE_MAX_BYTES) return writePrivateFile(file, bytes, { flag: "wx", flush: true });
  const fd = openPrivateFileSync(file, "wx");
  try {
    for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
    await fsyncAsync(fd);
  } finally {
    closeSync(fd);
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const fd = openSync(directory, "r");
  try {
    await fsyncAsync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Stops at the first file: directories emptied by deletions stay behind and do not count. */
async function containsFile(directory: string): Promise<boolean> {
  const entries = await opendir(directory).catch(() => null);
  if (!entries) return false;
  for await (const entry of entries) {
    if (entry.isFile() || (entry.isDirectory() && (await containsFile(path.join(directory, entry.name))))) return true;
  }
  return false;
}
