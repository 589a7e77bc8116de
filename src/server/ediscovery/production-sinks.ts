import { closeSync, mkdirSync, openSync, renameSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { emlStoredFile, mboxrdRecord } from "./production-format";
import type { ExportItem } from "./exports.queries";

/** Bytes of mbox records gathered (copied: the message's memory is reused) before one write. */
const MBOX_BUFFER_BYTES = 1 << 20;

/**
 * Where a batch's verified messages go, in the batch's order. Writes are synchronous: the export
 * directory is local, a page-cached write costs one system call, and a thread-pool round trip per
 * message was most of an export's time (docs/ediscovery.md, "Speed").
 */
export interface ProductionSink {
  add(item: ExportItem, message: Buffer): void;
  /** Makes the batch's file complete; for mbox, renames the chunk into place only once it is whole. */
  close(): void;
  /** Lets go of an unfinished batch's file (the failed or resumed export rewrites or removes it). */
  abort(): void;
}

export function emlSink(directory: string): ProductionSink {
  const created = new Set<string>();
  return {
    add: (item, message) => {
      const file = path.join(directory, emlStoredFile(item.email_id));
      const parent = path.dirname(file);
      if (!created.has(parent)) {
        mkdirSync(parent, { recursive: true });
        created.add(parent);
      }
      writeFileSync(file, message);
    },
    close: () => undefined,
    abort: () => undefined,
  };
}

/** One mbox chunk per batch, written to `<chunk>.tmp` and renamed to `chunk` when whole (a resumed batch rewrites it). */
export function mboxChunkSink(chunk: string): ProductionSink {
  const temporary = `${chunk}.tmp`;
  const fd = openSync(temporary, "w");
  const buffer = Buffer.allocUnsafe(MBOX_BUFFER_BYTES);
  let buffered = 0;
  const writeAll = (bytes: Buffer) => {
    for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
  };
  const flush = () => {
    writeAll(buffer.subarray(0, buffered));
    buffered = 0;
  };
  const append = (piece: Buffer) => {
    if (buffered + piece.length > buffer.length) flush();
    if (piece.length >= buffer.length) writeAll(piece);
    else buffered += piece.copy(buffer, buffered);
  };
  return {
    add: (item, message) => {
      for (const piece of mboxrdRecord(message, item.from_address, item.sent_at)) append(piece);
    },
    close: () => {
      try {
        flush();
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, chunk);
    },
    abort: () => closeSync(fd),
  };
}
