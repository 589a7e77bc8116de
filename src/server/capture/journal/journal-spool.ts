import { randomBytes } from "node:crypto";
import { readFile, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { dataDir } from "../../platform/config/env";
import { makePrivateDirectory, openPrivateFile } from "../../platform/files/private-files";

/** A received message: in memory, or spooled to a file when it was bigger than the spool threshold. */
export type ReceivedMessage = { raw: Buffer } | { file: string; size: number };

/** Where DATA above the threshold goes: a directory only the service's account can enter. */
export const journalSpoolDir = () => path.join(dataDir(), "tmp", "journal");

async function openSpoolFile(): Promise<{ file: string; handle: FileHandle }> {
  const directory = journalSpoolDir();
  await makePrivateDirectory(directory);
  const file = path.join(directory, `${process.pid}-${randomBytes(8).toString("hex")}.eml`);
  // "wx": never an existing file (or a planted link).
  return { file, handle: await openPrivateFile(file, "wx") };
}

/**
 * Reads a DATA stream (docs/journaling.md, "Bounds"): up to `spoolBytes` in memory, beyond that the
 * whole message goes to a 0600 file in a 0700 directory as it arrives, so concurrent big messages do
 * not pile up in memory. Null when the message is over `maxBytes` (the rest is drained so the reply
 * can follow; a spool file is removed).
 */
export async function receiveMessage(
  stream: Readable & { sizeExceeded?: boolean },
  limits: { maxBytes: number; spoolBytes: number },
): Promise<ReceivedMessage | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let spool: { file: string; handle: FileHandle } | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) continue;
      if (!spool && size > limits.spoolBytes) {
        spool = await openSpoolFile();
        await spool.handle.write(Buffer.concat(chunks));
        chunks.length = 0;
      }
      if (spool) await spool.handle.write(chunk);
      else chunks.push(chunk);
    }
    await spool?.handle.close();
  } catch (error) {
    await spool?.handle.close().catch(() => undefined);
    if (spool) await rm(spool.file, { force: true });
    throw error;
  }
  if (stream.sizeExceeded || size > limits.maxBytes) {
    if (spool) await rm(spool.file, { force: true });
    return null;
  }
  return spool ? { file: spool.file, size } : { raw: Buffer.concat(chunks, size) };
}

/**
 * Spooled messages are read back and archived one at a time per process (`withReceivedBytes` holds a
 * gate while they are in memory), so the memory a listener needs is bounded by its connections
 * times the spool threshold plus one message of at most JOURNAL_SMTP_MAX_BYTES.
 */
export function createSpoolGate() {
  let tail: Promise<void> = Promise.resolve();
  return async function withReceivedBytes<T>(received: ReceivedMessage, work: (raw: Buffer) => Promise<T>): Promise<T> {
    if ("raw" in received) return work(received.raw);
    const previous = tail;
    let release!: () => void;
    tail = new Promise((resolve) => (release = resolve));
    try {
      await previous;
      return await work(await readFile(received.file));
    } finally {
      release();
      await rm(received.file, { force: true });
    }
  };
}
