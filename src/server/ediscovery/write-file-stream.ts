import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";

/** A file written piece by piece with backpressure; `close()` resolves once the bytes are flushed to the OS. */
export function fileWriter(file: string): { write: (chunk: string | Buffer) => Promise<void>; close: () => Promise<void> } {
  const stream: WriteStream = createWriteStream(file);
  return {
    write: async (chunk) => {
      if (!stream.write(chunk)) await once(stream, "drain");
    },
    close: async () => {
      stream.end();
      await once(stream, "finish");
    },
  };
}
