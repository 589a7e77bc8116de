import path from "node:path";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { MAX_MESSAGE_BYTES, tooLarge, type ImportItem } from "./import-item";

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (error, zip) =>
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

/** Junk that archivers add next to the real files (macOS resource forks, hidden files). */
const isJunk = (name: string) => name.startsWith("__MACOSX/") || path.posix.basename(name).startsWith(".");

/**
 * The `.eml` files of a zip, one at a time (bounded memory: a zip bomb entry fails alone when it
 * outgrows the per-message limit). Other files fail with a reason; directories and junk are skipped.
 * `path` is the entry's folder inside the zip.
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
      if (entry.fileName.endsWith("/") || isJunk(entry.fileName)) continue;
      if (!entry.fileName.toLowerCase().endsWith(".eml")) {
        yield { error: `${path.posix.basename(entry.fileName).slice(0, 200)}: not an .eml file` };
        continue;
      }
      if (entry.uncompressedSize > MAX_MESSAGE_BYTES) {
        yield { error: tooLarge(entry.uncompressedSize) };
        continue;
      }
      try {
        const folder = path.posix.dirname(entry.fileName);
        yield { raw: await readEntry(zip, entry), path: folder === "." ? "" : folder };
      } catch (error) {
        yield { error: (error as Error).message };
      }
    }
  } catch (error) {
    yield { error: `zip file ends unexpectedly: ${(error as Error).message}` };
  } finally {
    zip.close();
  }
}
