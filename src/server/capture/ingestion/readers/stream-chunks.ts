/** The chunks of a web ReadableStream (a request body) as an async iterable; cancels the stream if the consumer stops early. */
export async function* streamChunks(stream: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (!stream) return;
  const reader = stream.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * The first `bytes` of a stream of chunks (fewer when it ends sooner: then `whole`), and the
 * stream again from its start, for a reader chosen by what the head holds. `close` ends the
 * underlying stream when that reader is never started.
 */
export async function peekChunks(
  chunks: AsyncIterable<Uint8Array>,
  bytes: number,
): Promise<{ head: Buffer; whole: boolean; chunks: AsyncGenerator<Uint8Array>; close: () => Promise<unknown> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const read: Uint8Array[] = [];
  let size = 0;
  let whole = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      whole = true;
      break;
    }
    read.push(next.value);
    size += next.value.byteLength;
  }
  const head = Buffer.concat(read).subarray(0, bytes);
  async function* replay(): AsyncGenerator<Uint8Array> {
    try {
      yield* read;
      read.length = 0;
      if (whole) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { head, whole, chunks: replay(), close: async () => iterator.return?.() };
}
