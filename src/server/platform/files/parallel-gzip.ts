import { availableParallelism } from "node:os";
import { Transform, type TransformCallback } from "node:stream";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipBlock = promisify(gzip);

/** A block this large compresses as well as the whole at level 1 (its window is 32 KB) and costs little memory. */
const BLOCK_BYTES = 1 << 20;

/**
 * gzip on several of the thread pool's threads at once: the input cut into blocks of 1 MB, each
 * compressed as a gzip member of its own, written in order. A file of several members is gzip as
 * RFC 1952 defines it: gunzip, Node's zlib and `zcat` read it as one stream. One zlib stream keeps
 * one core busy (about 90 MB/s of database text at level 1), so a table of gigabytes waited on it.
 */
export class ParallelGzip extends Transform {
  private block: Buffer[] = [];
  private blockBytes = 0;
  private readonly compressing: Promise<Buffer>[] = [];
  private members = 0;

  constructor(
    private readonly level: number,
    private readonly inFlight = Math.min(4, Math.max(2, availableParallelism())),
  ) {
    super({ writableHighWaterMark: BLOCK_BYTES });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.block.push(chunk);
    this.blockBytes += chunk.length;
    if (this.blockBytes < BLOCK_BYTES) return done();
    this.startBlock();
    this.writeUntil(this.inFlight - 1).then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    // Empty input still makes a gzip file (one empty member), as a single zlib stream does.
    if (this.blockBytes > 0 || this.members === 0) this.startBlock();
    this.writeUntil(0).then(() => done(), done);
  }

  private startBlock(): void {
    // Room for a block's output in one chunk (text compresses about 3x): with zlib's 16 KB each is a round trip to this thread.
    const compressed = gzipBlock(Buffer.concat(this.block, this.blockBytes), { level: this.level, chunkSize: BLOCK_BYTES / 2 });
    // Awaited in order by writeUntil; a failure of a later block is not left unhandled meanwhile.
    compressed.catch(() => undefined);
    this.compressing.push(compressed);
    this.members++;
    this.block = [];
    this.blockBytes = 0;
  }

  /** Writes the compressed blocks, oldest first, until at most `pending` are still compressing. */
  private async writeUntil(pending: number): Promise<void> {
    while (this.compressing.length > pending) this.push(await this.compressing.shift()!);
  }
}
