import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { MAX_MESSAGE_BYTES, tooLarge, type ImportItem } from "../readers/import-item";
import { readMboxMessages } from "../readers/mbox-reader";
import { readZipMessages } from "../readers/zip-reader";
import { readPstItems } from "../pst/read-pst-items";
import type { ImportFile } from "./find-import-files";

async function* countingChunks(file: string, onBytes: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    onBytes((chunk as Buffer).length);
    yield chunk as Buffer;
  }
}

async function* emlFile(file: ImportFile): AsyncGenerator<ImportItem> {
  if (file.sizeBytes > MAX_MESSAGE_BYTES) {
    yield { error: tooLarge(file.sizeBytes) };
    return;
  }
  yield { raw: await readFile(file.file), path: file.folder };
}

/**
 * Every message of the files, in order, streaming: one message (or one mbox chunk) in memory at
 * a time. `onBytes` reports progress through the input files.
 */
export async function* readImportFiles(files: ImportFile[], onBytes: (bytes: number) => void): AsyncGenerator<ImportItem> {
  for (const file of files) {
    try {
      if (file.kind === "mbox") {
        yield* readMboxMessages(countingChunks(file.file, onBytes), { path: file.folder });
        continue;
      }
      if (file.kind === "unreadable") yield { error: `${file.file}: ${file.reason}` };
      else if (file.kind === "eml") yield* emlFile(file);
      else if (file.kind === "zip") yield* readZipMessages(file.file);
      else yield* readPstItems(file.file);
    } catch (error) {
      yield { error: `${file.file}: ${(error as Error).message}` };
    }
    onBytes(file.sizeBytes);
  }
}
