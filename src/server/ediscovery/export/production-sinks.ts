import { closeSync, renameSync, writeSync } from "node:fs";
import { openPrivateFileSync } from "../../platform/files/private-files";
import { mboxrdRecord } from "./production-format";
import type { ItemToWrite } from "../exports.queries";

/** Bytes of records gathered (copied: the message's memory is reused) before one write. */
const CHUNK_BUFFER_BYTES = 1 << 20;

/**
 * Where a batch's verified messages go, in the batch's order. Writes are synchronous: the export
 * directory is local, a page-cached write costs one system call, and a thread-pool round trip per
 * message was most of an export's time (docs/ediscovery.md, "Speed").
 */
export interface ProductionSink {
  add(item: ItemToWrite, message: Buffer): void;
  /** Makes the run's chunk complete: renames it into place only once it is whole. */
  close(): void;
  /** Lets go of an unfinished chunk (the failed or resumed export rewrites or removes it). */
  abort(): void;
}

/** The pieces one message's record is written as, one after the other. */
export type ChunkRecord = (item: ItemToWrite, message: Buffer) => Buffer[];

/** eml: the message's archived bytes, nothing before or after them (the zip cuts them out by size). */
export const emlRecord: ChunkRecord = (_item, message) => [message];
/** mbox: the mboxrd record, "From " line, quoted message and final "\n". */
export const mboxRecord: ChunkRecord = (item, message) => mboxrdRecord(message, item.from_address, item.sent_at);

/**
 * One chunk per written run of a batch: each message's record, written to `<chunk>.tmp` through
 * one buffer and renamed to `chunk` when whole (a resumed run rewrites it).
 */
export function chunkSink(chunk: string, record: ChunkRecord): ProductionSink {
  const temporary = `${chunk}.tmp`;
  const fd = openPrivateFileSync(temporary);
  const buffer = Buffer.allocUnsafe(CHUNK_BUFFER_BYTES);
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
      for (const piece of record(item, message)) append(piece);
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
