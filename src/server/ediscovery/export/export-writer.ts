import path from "node:path";
import type { ItemToWrite, WrittenItem } from "../exports.queries";
import { chunkFile, recipientHeaders } from "./production-format";
import { chunkSink, emlRecord, mboxRecord, type ProductionSink } from "./production-sinks";
import { sha256Hex } from "../../platform/crypto/sha256";

export class ExportIntegrityError extends Error {}

/** A run of consecutive items of a batch, written by the worker's thread or a writer thread. */
export interface WriterTask {
  directory: string;
  format: "eml" | "mbox";
  items: ItemToWrite[];
  /** The blob store's data keys (id, base64) as the worker had them, for the writer threads' reads of sealed blobs. */
  dataKeys?: [string, string][];
}

/** `message` if its SHA-256 equals the archive's; anything else fails the export, naming the email. */
export function verified(item: ItemToWrite, message: Buffer): Buffer {
  const actual = sha256Hex(message);
  if (actual !== item.sha256) {
    throw new ExportIntegrityError(
      `Email ${item.email_id}: its stored bytes hash to ${actual}, not to the archived ${item.sha256}; nothing corrupt was exported`,
    );
  }
  return message;
}

/** The run's eml or mbox chunk, named after its first item (a resumed run rewrites it). */
function openSink(task: WriterTask): ProductionSink {
  return chunkSink(path.join(task.directory, chunkFile(task.format, task.items[0].seq)), task.format === "eml" ? emlRecord : mboxRecord);
}

/**
 * Writes the task's messages into its sink with `fill`, then makes the sink's files complete; if
 * `fill` fails, lets go of them. Answers what `fill` wrote.
 */
export async function writeTask(
  task: WriterTask,
  fill: (sink: ProductionSink) => Promise<WrittenItem[]> | WrittenItem[],
): Promise<WrittenItem[]> {
  const sink = openSink(task);
  try {
    const written = await fill(sink);
    sink.close();
    return written;
  } catch (error) {
    sink.abort();
    throw error;
  }
}

/**
 * Adds each item's verified message to the sink, in order; answers what each message was. `done`
 * is given each message once it is written and read.
 */
export function addVerified(
  sink: ProductionSink,
  items: ItemToWrite[],
  message: (item: ItemToWrite) => Buffer,
  done?: (message: Buffer) => void,
): WrittenItem[] {
  return items.map((item) => {
    const bytes = verified(item, message(item));
    sink.add(item, bytes);
    const written = { seq: item.seq, size: bytes.length, ...recipientHeaders(bytes) };
    done?.(bytes);
    return written;
  });
}
