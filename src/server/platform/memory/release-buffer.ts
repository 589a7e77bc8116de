import v8 from "node:v8";

/**
 * Makes `ArrayBuffer.prototype.transfer` available to the worker threads started after this call.
 * Node 20's V8 (11.3) has it behind a flag; later versions have it always, and then nothing is set.
 * A thread started before, or the thread calling this, goes without: releaseBuffer does nothing there.
 */
export function enableBufferReleaseInNewThreads(): void {
  if (!("transfer" in ArrayBuffer.prototype)) v8.setFlagsFromString("--harmony-rab-gsab-transfer");
}

/** Whether `buffer` spans the whole memory under it: not a slice of a larger one (Node's shared pool among them). */
export function spansItsMemory(buffer: Buffer): boolean {
  return buffer.byteOffset === 0 && buffer.length === buffer.buffer.byteLength;
}

/**
 * Gives the memory under `buffer` back now rather than at the thread's next full collection. A
 * thread that reads messages one after the other in a synchronous loop (an export writer) otherwise
 * holds tens of megabytes of them, dead but not collected: V8 collects for memory outside its heap
 * only when that has grown by 64 MB since the last collection.
 *
 * The caller owns that memory: nothing reads it again through `buffer` or any other view of it
 * (each becomes empty). A small buffer sliced from Node's shared pool is left alone (it never spans
 * the whole pool, which is no larger than Buffer.poolSize), so it never takes its neighbours with
 * it; so is everything in a thread without `transfer` (enableBufferReleaseInNewThreads).
 */
export function releaseBuffer(buffer: Buffer): void {
  const memory = buffer.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (spansItsMemory(buffer) || memory.byteLength > Buffer.poolSize) memory.transfer?.(0);
}
