import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import yazl from "yazl";
import type { EdiscoveryExport } from "@/generated/prisma/client";
import { pgPool } from "../../platform/db/pg-pool";
import { exportItemsAfter } from "../exports.queries";
import {
  attachmentTextFiles,
  chunkDirectory,
  chunkFirstSeq,
  emlFile,
  exportDirectory,
  legacyEmlStoredFile,
  MBOX_FILE,
} from "./production-format";
import { pdfProductionFiles } from "../pdf/load-files";
import { LEADING_FILES, ZIP_ENTRY_MODE } from "../../../../scripts/verify-export.mjs";

const PAGE = 2000;

type ZipOptions = { compress: boolean; mtime: Date; mode: number };

interface Chunk {
  file: string;
  firstSeq: number;
  size: number;
}

/** The production's chunks of `format`, in seq order, with their sizes. */
async function chunksOf(directory: string, format: "eml" | "mbox"): Promise<Chunk[]> {
  const chunks = path.join(directory, chunkDirectory(format));
  const entries = await readdir(chunks, { withFileTypes: true }).catch(() => []);
  const found = entries.flatMap((entry) => {
    const firstSeq = entry.isFile() ? chunkFirstSeq(entry.name) : null;
    return firstSeq === null ? [] : [{ file: path.join(chunks, entry.name), firstSeq }];
  });
  return Promise.all(
    found.sort((a, b) => a.firstSeq - b.firstSeq).map(async (chunk) => ({ ...chunk, size: (await stat(chunk.file)).size })),
  );
}

/** The mbox chunks of the batches, one after the other: the single messages.mbox of the production. */
function concatenated(files: string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const file of files) yield* createReadStream(file);
    })(),
  );
}

/** `size` bytes of `file` from `start`, read when the zip gets to them. */
const byteRange = (file: string, start: number, size: number): Readable =>
  size === 0 ? Readable.from([]) : createReadStream(file, { start, end: start + size - 1 });

/**
 * Adds an entry whose bytes `open` streams when the zip gets to it. A read error (a file removed or
 * renamed since the export) fails the zip's stream: yazl does not listen for it, and the stream
 * would otherwise stall with the error unhandled.
 */
function addLazily(zip: yazl.ZipFile, name: string, options: ZipOptions & { size?: number }, open: () => Readable): void {
  zip.addReadStreamLazy(name, options, (callback) => {
    const stream = open();
    stream.on("error", (error) => (zip.outputStream as Readable).destroy(error));
    callback(null, stream);
  });
}

/**
 * One `messages/<emailId>.eml` entry per item, in seq order (keyset pages). An item is in the last
 * chunk whose first seq is not after its own, after the items of that chunk before it (their
 * recorded sizes). Items before the first chunk, every item when there is none, are read from one
 * file each: the layout of productions written before chunks (and of an export's first batches
 * when it was begun before them and resumed after). A chunk whose length is not the sum of its
 * items' sizes fails the stream: the zip would cut the messages at the wrong places.
 */
async function addEmlEntries(zip: yazl.ZipFile, row: EdiscoveryExport, directory: string, store: ZipOptions): Promise<void> {
  const chunks = await chunksOf(directory, "eml");
  const filled = chunks.map(() => 0);
  const checkWhole = (index: number) => {
    const { file, size } = chunks[index];
    if (filled[index] !== size) {
      throw new Error(`${path.basename(file)} holds ${size} bytes, its messages ${filled[index]}: the production's files changed`);
    }
  };
  let current = -1;
  let after = 0;
  for (;;) {
    const items = await exportItemsAfter(pgPool(), row.id, after, PAGE);
    if (items.length === 0) break;
    for (const item of items) {
      while (current + 1 < chunks.length && chunks[current + 1].firstSeq <= item.seq) {
        if (current >= 0) checkWhole(current);
        current++;
      }
      const size = Number(item.size_bytes);
      const entry = { ...store, size };
      if (current === -1) {
        const stored = path.join(directory, legacyEmlStoredFile(item.email_id));
        addLazily(zip, emlFile(item.email_id), entry, () => createReadStream(stored));
        continue;
      }
      const { file } = chunks[current];
      const start = filled[current];
      filled[current] += size;
      addLazily(zip, emlFile(item.email_id), entry, () => byteRange(file, start, size));
    }
    after = items[items.length - 1].seq;
  }
  for (let index = Math.max(current, 0); index < chunks.length; index++) checkWhole(index);
}

/**
 * A completed production as a zip stream, built from its files (stored, not deflated: messages must
 * come out byte for byte, and yazl switches to ZIP64 by itself past 4 GB or 65,535 entries). Every
 * entry has the export's completion time and mode 0600: the layout scripts/verify-export.mjs accepts
 * and nothing else.
 */
export function productionZip(row: EdiscoveryExport): Readable {
  const directory = exportDirectory(row.id);
  const zip = new yazl.ZipFile();
  const store = { compress: false, mtime: row.completedAt ?? new Date(), mode: ZIP_ENTRY_MODE };
  // A file whose size changed since the export (tampering, disk damage) fails the stream instead of the process.
  zip.on("error", (error: Error) => (zip.outputStream as Readable).destroy(error));
  for (const name of LEADING_FILES) zip.addFile(path.join(directory, name), name, store);
  // The entries are added while the caller reads the stream; a failure destroys the stream (the catch below).
  void (async () => {
    try {
      if (row.format === "pdf") {
        for (const name of await pdfProductionFiles(directory)) zip.addFile(path.join(directory, name), name, store);
        zip.end();
        return;
      }
      if (row.format === "mbox") {
        const chunks = (await chunksOf(directory, "mbox")).map((chunk) => chunk.file);
        addLazily(zip, MBOX_FILE, store, () => concatenated(chunks));
      } else {
        await addEmlEntries(zip, row, directory, store);
      }
      for (const name of await attachmentTextFiles(directory)) zip.addFile(path.join(directory, name), name, store);
      zip.end();
    } catch (error) {
      (zip.outputStream as Readable).destroy(error as Error);
    }
  })();
  return zip.outputStream as Readable;
}
