import { randomBytes } from "node:crypto";
import { mkdir, open, opendir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertBlobKey, BlobNotFoundError, type BlobStore } from "./blob-store";

/**
 * Blobs as files under `root`. A write goes to a temp file in the same file system, is fsynced,
 * renamed into place and the directory fsynced, so a crash leaves either no file or the whole one.
 */
export class LocalBlobStore implements BlobStore {
  readonly name = "local" as const;

  constructor(private readonly root: string) {}

  private fileFor(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key);
  }

  async put(options: { key: string; bytes: Buffer }): Promise<void> {
    const file = this.fileFor(options.key);
    if (await this.hasWholeFile(file, options.bytes.length)) return;
    try {
      await this.write(file, options.bytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      // A directory was removed behind our back (a clean-up of the store): create it again, once.
      this.knownDirectories.clear();
      await this.write(file, options.bytes);
    }
  }

  /** Directories this store has created or found: an import writes thousands of blobs, and a mkdir each costs. */
  private readonly knownDirectories = new Set<string>();

  private async ensureDirectory(directory: string): Promise<void> {
    if (this.knownDirectories.has(directory)) return;
    await mkdir(directory, { recursive: true });
    this.knownDirectories.add(directory);
  }

  private async write(file: string, bytes: Buffer): Promise<void> {
    const directory = path.dirname(file);
    const tempDirectory = path.join(this.root, "tmp");
    await Promise.all([this.ensureDirectory(directory), this.ensureDirectory(tempDirectory)]);
    const temp = path.join(tempDirectory, `${path.basename(file)}.${randomBytes(6).toString("hex")}`);
    try {
      await writeFile(temp, bytes, { flag: "wx", mode: 0o640, flush: true });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(directory);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.fileFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileFor(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
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

  private async hasWholeFile(file: string, size: number): Promise<boolean> {
    try {
      return (await stat(file)).size === size;
    } catch {
      return false;
    }
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
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
