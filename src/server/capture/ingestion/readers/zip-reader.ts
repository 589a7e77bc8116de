import path from "node:path";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { MAX_MESSAGE_BYTES, tooLarge, type ImportItem } from "./import-item";

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

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // The declared size is checked before reading; this guards entries that lie about it.
        if (size > MAX_MESSAGE_BYTES) stream.destroy(new Error(tooLarge(size)));
        else chunks.push(chunk);
      });
      stream.on("error", reject);
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
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
 * The `.eml` files of a zip, one at a time (bounded memory: a zip bomb entry fails alone when it
 * outgrows the per-message limit). Other files fail with a reason; directories and junk are skipped.
 * `path` is the entry's folder inside the zip. A zip directory that breaks off ends the listing
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
      if (!name.toLowerCase().endsWith(".eml")) {
        yield { error: `${path.posix.basename(name).slice(0, 200)}: not an .eml file` };
        continue;
      }
      if (entry.uncompressedSize > MAX_MESSAGE_BYTES) {
        yield { error: tooLarge(entry.uncompressedSize) };
        continue;
      }
      try {
        const raw = await readEntry(zip, entry);
        if (raw.length !== entry.uncompressedSize)
          throw new Error(`${raw.length} bytes where the zip directory says ${entry.uncompressedSize}`);
        yield { raw, path: folderOf(name) };
      } catch (error) {
        yield { error: (error as Error).message };
      }
    }
  } catch (error) {
    const unread = zip.entryCount - zip.entriesRead;
    yield { error: `zip file ends unexpectedly (${unread} of ${zip.entryCount} entries unread): ${(error as Error).message}` };
  } finally {
    zip.close();
  }
}
