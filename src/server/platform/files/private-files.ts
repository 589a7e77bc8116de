// eslint-disable-next-line no-restricted-imports -- the one module that creates files and directories
import { chmodSync, closeSync, createWriteStream, fchmodSync, mkdirSync, openSync, writeSync, type WriteStream } from "node:fs";
import { existsSync, fsyncSync, linkSync, unlinkSync } from "node:fs";
// eslint-disable-next-line no-restricted-imports -- the one module that creates files and directories
import { chmod, mkdir, open, readFile, type FileHandle } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { dataDir } from "../config/env";

/**
 * The one way the service creates files and directories that hold mail or secrets (stored blobs,
 * productions, backups, uploads, generated keys; docs/operations.md, "File permissions"): files
 * 0600 and directories 0700, whatever the process's umask. The mode is given when a file or
 * directory is created (a umask can only take bits away, never add group or other ones), and set
 * again with chmod where the open or mkdir would keep an older mode: a file opened without `x`
 * may already exist, a directory asked for may already exist, and a strange umask may have taken
 * the owner's own bits.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;
/**
 * DATA_DIR when the process runs as root: the embedded PostgreSQL then runs as the `postgres` user,
 * which must pass through DATA_DIR to its cluster. Passing through is all it grants: nothing in it
 * can be listed, and every entry is itself private.
 */
const SEARCHABLE_DATA_DIRECTORY_MODE = 0o711;

type WriteFlag = "w" | "wx";

/** The directories `mkdir -p` created, from the deepest up to `first` (the first one it created). */
function createdDirectories(directory: string, first: string | undefined): string[] {
  if (first === undefined) return [];
  const created: string[] = [];
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    created.push(current);
    if (current === path.resolve(first) || current === path.dirname(current)) return created;
  }
}

/** Creates `directory` and its missing parents 0700; an existing `directory` is made 0700 too (its parents are left as they are). */
export function makePrivateDirectorySync(directory: string, mode = PRIVATE_DIRECTORY_MODE): void {
  const first = mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  for (const created of createdDirectories(directory, first)) chmodSync(created, PRIVATE_DIRECTORY_MODE);
  try {
    chmodSync(directory, mode);
  } catch (error) {
    throw notOurs(directory, mode, error);
  }
}

export async function makePrivateDirectory(directory: string): Promise<void> {
  const first = await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  for (const created of createdDirectories(directory, first)) await chmod(created, PRIVATE_DIRECTORY_MODE);
  await chmod(directory, PRIVATE_DIRECTORY_MODE).catch((error: unknown) => {
    throw notOurs(directory, PRIVATE_DIRECTORY_MODE, error);
  });
}

/** An existing directory another account owns cannot be made private: say so, rather than write into it. */
function notOurs(directory: string, mode: number, error: unknown): Error {
  return new Error(
    `Cannot make ${directory} private (chmod ${mode.toString(8)}): ${(error as Error).message}. ` +
      "It must belong to the account the service runs as (docs/operations.md, File permissions).",
  );
}

/**
 * DATA_DIR, created or made private (0700; 0711 when running as root, see above). Answers its path.
 * Every process makes it so before writing its first secret or file into it.
 */
export function makePrivateDataDirectory(directory = dataDir()): string {
  makePrivateDirectorySync(directory, process.getuid?.() === 0 ? SEARCHABLE_DATA_DIRECTORY_MODE : PRIVATE_DIRECTORY_MODE);
  return directory;
}

/** Opens `file` for writing, 0600: created so ("wx": it must not exist), or made so ("w": truncated, it may exist). */
export function openPrivateFileSync(file: string, flag: WriteFlag = "w"): number {
  const fd = openSync(file, flag, PRIVATE_FILE_MODE);
  try {
    if (flag !== "wx") fchmodSync(fd, PRIVATE_FILE_MODE);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** A write stream on `file`, opened by openPrivateFileSync (the stream's own open would keep an existing file's mode). */
export function privateWriteStream(file: string, options: { flag?: WriteFlag; highWaterMark?: number; flush?: boolean } = {}): WriteStream {
  const { flag, ...streamOptions } = options;
  return createWriteStream(file, { ...streamOptions, fd: openPrivateFileSync(file, flag) });
}

/** openPrivateFileSync's asynchronous twin: a handle on `file`, 0600. */
export async function openPrivateFile(file: string, flag: WriteFlag = "w"): Promise<FileHandle> {
  const handle = await open(file, flag, PRIVATE_FILE_MODE);
  try {
    if (flag !== "wx") await handle.chmod(PRIVATE_FILE_MODE);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Writes `content` to `file` (0600), fsynced first when `flush`. */
export async function writePrivateFile(
  file: string,
  content: string | Uint8Array,
  options: { flag?: WriteFlag; flush?: boolean } = {},
): Promise<void> {
  const handle = await openPrivateFile(file, options.flag);
  try {
    await handle.writeFile(content);
    if (options.flush) await handle.sync();
  } finally {
    await handle.close();
  }
}

export function writePrivateFileSync(file: string, content: string | Uint8Array, flag: WriteFlag = "w", flush = false): void {
  const fd = openPrivateFileSync(file, flag);
  try {
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
    if (flush) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates `file` (0600) holding `content()` unless it exists already: how a generated secret or
 * marker is made once for every process that shares its directory, several of which may start at
 * once. A reader must never see the file before its content: created with "wx" and then written, a
 * second process starting beside the first could read it empty and take that for the installation's
 * value. So the content is written and flushed to a temporary file beside it, then linked into place
 * (a link, like "wx", never replaces an existing name: of two racing processes the first keeps its
 * file, and both then read that one).
 */
export function createPrivateFileOnceSync(file: string, content: () => string | Uint8Array): void {
  if (existsSync(file)) return;
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  writePrivateFileSync(temporary, content(), "wx", true);
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** Copies a small file (a secret) to `target`, 0600 (copyFile would copy the source's mode). */
export async function copyPrivateFile(source: string, target: string, flag: WriteFlag = "w"): Promise<void> {
  await writePrivateFile(target, await readFile(source), { flag });
}
