import type { WriteStream } from "node:fs";
import { once } from "node:events";
import { privateWriteStream } from "../../platform/files/private-files";

/** Bytes buffered before a write waits: few large writes to the file system, memory still bounded. */
const BUFFER_BYTES = 1 << 20;

/**
 * A file (0600) written piece by piece with backpressure; `close()` resolves once the bytes are flushed to
 * the OS. A write error rejects the next write or the close.
 */
export function fileWriter(file: string): { write: (chunk: string | Buffer) => Promise<void>; close: () => Promise<void> } {
  const stream: WriteStream = privateWriteStream(file, { highWaterMark: BUFFER_BYTES });
  let failure: Error | null = null;
  stream.on("error", (error) => (failure = error));
  return {
    write: async (chunk) => {
      if (failure) throw failure;
      if (!stream.write(chunk)) await once(stream, "drain");
    },
    close: async () => {
      if (failure) throw failure;
      stream.end();
      await once(stream, "finish");
    },
  };
}
