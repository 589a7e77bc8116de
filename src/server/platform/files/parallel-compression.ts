import { availableParallelism } from "node:os";
import { Transform, type TransformCallback } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants, createGunzip, gzip } from "node:zlib";

const gzipBlock = promisify(gzip);
const brotliBlock = promisify(brotliCompress);
const unbrotliBlock = promisify(brotliDecompress);

/**
 * How a file of blocks is compressed: `gzip`, each block a gzip member of its own (RFC 1952: gunzip,
 * Node's zlib and `zcat` read the members as one stream); or `brotli-frames`, each block a brotli
 * stream of its own (quality 1) behind its length as 4 bytes, big-endian. Brotli's format does not
 * concatenate, hence the lengths. On database dumps brotli at quality 1 compresses 2-2.5x as fast as
 * gzip at level 1, and smaller (docs/benchmarks.md, "Storage").
 */
export type BlockCompression = "gzip" | "brotli-frames";

/** A block this large compresses as well as the whole at these levels (their windows are 32 KB and 1 MB) and costs little memory. */
const BLOCK_BYTES = 1 << 20;
const FRAME_LENGTH_BYTES = 4;
/** Brotli's output for a block of incompressible bytes is the block and a few bytes per 64 KB. */
const MAX_FRAME_BYTES = BLOCK_BYTES + (64 << 10);

function compressBlock(compression: BlockCompression, block: Buffer): Promise<Buffer> {
  // Room for a block's output in one chunk (text compresses about 3x): with zlib's 16 KB each is a round trip to this thread.
  const chunkSize = BLOCK_BYTES / 2;
  if (compression === "gzip") return gzipBlock(block, { level: 1, chunkSize });
  return brotliBlock(block, {
    chunkSize,
    // A window of 1 MB: the block is no longer, and each compressor in flight holds less than with the default 4 MB.
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 20, [constants.BROTLI_PARAM_SIZE_HINT]: block.length },
  }).then((compressed) => {
    const length = Buffer.allocUnsafe(FRAME_LENGTH_BYTES);
    length.writeUInt32BE(compressed.length);
    return Buffer.concat([length, compressed]);
  });
}

/**
 * Compression on several of the thread pool's threads at once: the input cut into blocks of 1 MB,
 * each compressed on its own (BlockCompression), written in order. One zlib stream keeps one core
 * busy (about 90 MB/s of database text with gzip at level 1), so a table of gigabytes waited on it.
 */
export class ParallelCompression extends Transform {
  private block: Buffer[] = [];
  private blockBytes = 0;
  private readonly compressing: Promise<Buffer>[] = [];
  private blocks = 0;

  constructor(
    private readonly compression: BlockCompression,
    private readonly inFlight = Math.min(4, Math.max(2, availableParallelism())),
  ) {
    super({ writableHighWaterMark: BLOCK_BYTES });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let rest = chunk;
    let started = false;
    // Blocks of exactly BLOCK_BYTES (the last one excepted): the reader bounds a block's size.
    while (this.blockBytes + rest.length >= BLOCK_BYTES) {
      const taken = BLOCK_BYTES - this.blockBytes;
      this.block.push(rest.subarray(0, taken));
      this.blockBytes += taken;
      this.startBlock();
      started = true;
      rest = rest.subarray(taken);
    }
    if (rest.length > 0) {
      this.block.push(rest);
      this.blockBytes += rest.length;
    }
    if (!started) return done();
    this.writeUntil(this.inFlight - 1).then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    // Empty input still makes a gzip file (one empty member), as a single zlib stream does; brotli frames of nothing are no frame.
    if (this.blockBytes > 0 || (this.blocks === 0 && this.compression === "gzip")) this.startBlock();
    this.writeUntil(0).then(() => done(), done);
  }

  private startBlock(): void {
    const compressed = compressBlock(this.compression, Buffer.concat(this.block, this.blockBytes));
    // Awaited in order by writeUntil; a failure of a later block is not left unhandled meanwhile.
    compressed.catch(() => undefined);
    this.compressing.push(compressed);
    this.blocks++;
    this.block = [];
    this.blockBytes = 0;
  }

  /** Writes the compressed blocks, oldest first, until at most `pending` are still compressing. */
  private async writeUntil(pending: number): Promise<void> {
    while (this.compressing.length > pending) this.push(await this.compressing.shift()!);
  }
}

/** Reads brotli frames (BlockCompression) back: each frame's length checked, each block at most 1 MB. */
class BrotliFramesReader extends Transform {
  /** Bytes read and not yet decompressed; joined only once a whole frame is there. */
  private chunks: Buffer[] = [];
  private bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    this.readFrames().then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes > 0) return done(new Error(`compressed data cut short: ${this.bytes} bytes after the last whole frame`));
    done();
  }

  private joined(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.bytes)];
    return this.chunks[0];
  }

  private async readFrames(): Promise<void> {
    while (this.bytes >= FRAME_LENGTH_BYTES) {
      const first = this.chunks[0].length >= FRAME_LENGTH_BYTES ? this.chunks[0] : this.joined();
      const length = first.readUInt32BE(0);
      if (length === 0 || length > MAX_FRAME_BYTES) throw new Error(`compressed data damaged: a frame of ${length} bytes`);
      const end = FRAME_LENGTH_BYTES + length;
      if (this.bytes < end) return;
      const all = this.joined();
      const rest = all.subarray(end);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.bytes = rest.length;
      this.push(await unbrotliBlock(all.subarray(FRAME_LENGTH_BYTES, end), { maxOutputLength: BLOCK_BYTES }));
    }
  }
}

/** A stream reading what ParallelCompression wrote with `compression` back into its input. */
export function decompression(compression: BlockCompression): Transform {
  return compression === "gzip" ? createGunzip() : new BrotliFramesReader();
}
