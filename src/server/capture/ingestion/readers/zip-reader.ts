import path from "node:path";
import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { DETECT_BYTES, detectMailKind } from "./detect-mail-kind";
import { MAX_MESSAGE_BYTES, tooLarge, type ImportItem } from "./import-item";
import { readMboxMessages } from "./mbox-reader";
import { peekChunks } from "./stream-chunks";

declare module "yauzl" {
  /** How yauzl decodes an entry name (CP437 or UTF-8, Info-ZIP Unicode path), without refusing unsafe names. */
  function getFileNameLowLevel(
    generalPurposeBitFlag: number,
    fileName: Buffer,
    extraFields: { id: number; data: Buffer }[],
    strictFileNames: boolean,
  ): string;
}

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    // yauzl ends the whole listing at an unsafe entry name or a stored entry whose sizes disagree;
    // both are checked per entry below instead, so one bad entry fails alone.
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

/** The entry's bytes, counted: `onEnd` hears the total when the entry has been read to its end. */
async function* countedChunks(stream: Readable, onEnd: (size: number) => void): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    yield chunk as Buffer;
  }
  onEnd(size);
}

/** The rest of a message entry, bounded: the declared size is checked first; this guards entries that lie about it. */
async function collectMessage(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > MAX_MESSAGE_BYTES) throw new Error(tooLarge(size));
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** With `decodeStrings: false` yauzl leaves the name as its bytes. */
const nameOf = (entry: Entry) =>
  yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileName as unknown as Buffer, entry.extraFields, false);

/**
 * The entry's folder in the archive. Entry names never become file system paths here, so an unsafe
 * one (`../x.eml`, `/x.eml`, `C:/x.eml`) only loses the segments that would point outside the zip.
 */
const folderOf = (name: string) =>
  path.posix
    .dirname(name)
    .split("/")
    .filter((segment) => segment !== "" && segment !== "." && segment !== ".." && !/^[a-zA-Z]:$/.test(segment))
    .join("/");

/** Junk that archivers add next to the real files (macOS resource forks, hidden files). */
const isJunk = (name: string) => name.startsWith("__MACOSX/") || path.posix.basename(name).startsWith(".");

/**
 * The messages of one entry, decided by its content (detect-mail-kind.ts), not its name: a message
 * (`.eml`, `.txt`, no extension …) is one item, an mbox is split into its messages (folder: its
 * name), anything else fails alone with its reason.
 */
async function* readEntryMessages(zip: ZipFile, entry: Entry, name: string): AsyncGenerator<ImportItem> {
  const file = path.posix.basename(name).slice(0, 200);
  let stream: Readable;
  try {
    stream = await openEntry(zip, entry);
  } catch (error) {
    yield { error: `${file}: ${(error as Error).message}` };
    return;
  }
  let readSize: number | null = null;
  const sizeProblem = () =>
    readSize !== null && readSize !== entry.uncompressedSize
      ? `${file}: ${readSize} bytes where the zip directory says ${entry.uncompressedSize}`
      : null;
  try {
    const { head, whole, chunks } = await peekChunks(
      countedChunks(stream, (size) => (readSize = size)),
      DETECT_BYTES,
    );
    const detected = detectMailKind(head, whole);
    if ("error" in detected) {
      yield { error: `${file}: ${detected.error}` };
    } else if (detected.kind === "message") {
      if (entry.uncompressedSize > MAX_MESSAGE_BYTES) throw new Error(tooLarge(entry.uncompressedSize));
      const raw = await collectMessage(chunks);
      const problem = sizeProblem();
      yield problem ? { error: problem } : { raw, path: folderOf(name) };
    } else if (detected.kind === "mbox") {
      const folder = [folderOf(name), path.posix.basename(name, path.posix.extname(name))].filter(Boolean).join("/");
      yield* readMboxMessages(chunks, { path: folder });
      const problem = sizeProblem();
      if (problem) yield { error: problem };
    } else {
      yield {
        error: `${file}: a ${detected.kind === "zip" ? "zip" : ".pst"} inside a zip is not read; unpack it and import it on its own`,
      };
    }
  } catch (error) {
    yield { error: `${file}: ${(error as Error).message}` };
  } finally {
    stream.destroy();
  }
}

/**
 * The messages of a zip, one entry at a time (bounded memory: a zip bomb entry fails alone when it
 * outgrows the per-message limit, an mbox entry is split as it is read). Each entry is taken by
 * its content; directories and junk are skipped. `path` is the entry's folder inside the zip. A zip directory that breaks off ends the listing
 * with one failure that says how many entries were left unread.
 */
export async function* readZipMessages(file: string): AsyncGenerator<ImportItem> {
  let zip: ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    yield { error: `not a readable zip file: ${(error as Error).message}` };
    return;
  }
  // Errors also reach the pending read below; this keeps one between reads from crashing the process.
  zip.on("error", () => undefined);
  const entries = (async function* () {
    while (true) {
      const next = await new Promise<Entry | null>((resolve, reject) => {
        const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
        const onEnd = () => (cleanup(), resolve(null));
        const onError = (error: Error) => (cleanup(), reject(error));
        const cleanup = () => {
          zip.off("entry", onEntry);
          zip.off("end", onEnd);
          zip.off("error", onError);
        };
        zip.on("entry", onEntry);
        zip.on("end", onEnd);
        zip.on("error", onError);
        zip.readEntry();
      });
      if (!next) return;
      yield next;
    }
  })();
  try {
    for await (const entry of entries) {
      const name = nameOf(entry);
      if (name.endsWith("/") || isJunk(name)) continue;
      yield* readEntryMessages(zip, entry, name);
    }
  } catch (error) {
    const unread = zip.entryCount - zip.entriesRead;
    yield { error: `zip file ends unexpectedly (${unread} of ${zip.entryCount} entries unread): ${(error as Error).message}` };
  } finally {
    zip.close();
  }
}
