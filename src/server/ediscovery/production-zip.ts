import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import yazl from "yazl";
import type { EdiscoveryExport } from "@/generated/prisma/client";
import { db } from "../db/client";
import { exportItemsAfter } from "./exports.queries";
import { emlFile, emlStoredFile, exportDirectory, MBOX_FILE } from "./production-format";

const PAGE = 2000;
const LEADING_FILES = ["README.txt", "manifest.csv", "manifest.sig", "export-key.pem", "loadfile.dat"];

/** Every file under `directory` (relative, "/"-separated), sorted. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** The mbox chunks of the batches, one after the other: the single messages.mbox of the production. */
function concatenated(files: string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const file of files) yield* createReadStream(file);
    })(),
  );
}

/**
 * A completed production as a zip stream, built from its files (stored, not deflated: messages must
 * come out byte for byte, and yazl switches to ZIP64 by itself past 4 GB or 65,535 entries).
 */
export function productionZip(row: EdiscoveryExport): Readable {
  const directory = exportDirectory(row.id);
  const zip = new yazl.ZipFile();
  const store = { compress: false, mtime: row.completedAt ?? new Date() };
  // A file whose size changed since the export (tampering, disk damage) fails the stream instead of the process.
  zip.on("error", (error: Error) => (zip.outputStream as Readable).destroy(error));
  for (const name of LEADING_FILES) zip.addFile(path.join(directory, name), name, store);
  void (async () => {
    try {
      if (row.format === "mbox") {
        const chunks = (await filesUnder(path.join(directory, "mbox"))).map((name) => path.join(directory, "mbox", name));
        zip.addReadStreamLazy(MBOX_FILE, store, (callback) => callback(null, concatenated(chunks)));
      } else {
        let after = 0;
        for (;;) {
          const items = await exportItemsAfter(db(), row.id, after, PAGE);
          if (items.length === 0) break;
          for (const item of items) {
            const stored = path.join(directory, emlStoredFile(item.email_id));
            zip.addReadStreamLazy(emlFile(item.email_id), { ...store, size: Number(item.size_bytes) }, (callback) =>
              callback(null, createReadStream(stored)),
            );
          }
          after = items[items.length - 1].seq;
        }
      }
      for (const name of await filesUnder(path.join(directory, "attachments-text"))) {
        zip.addFile(path.join(directory, "attachments-text", name), `attachments-text/${name}`, store);
      }
      zip.end();
    } catch (error) {
      (zip.outputStream as Readable).destroy(error as Error);
    }
  })();
  return zip.outputStream as Readable;
}
