import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decompression, ParallelCompression, type BlockCompression } from "./parallel-compression";

async function compressed(compression: BlockCompression, chunks: Buffer[]): Promise<Buffer> {
  const output: Buffer[] = [];
  await pipeline(Readable.from(chunks), new ParallelCompression(compression, 3), async function* (written: AsyncIterable<Buffer>) {
    for await (const chunk of written) output.push(chunk);
  });
  return Buffer.concat(output);
}

/** Read back as the restore reads a file: streamed, in chunks of `chunkBytes`. */
function readBack(compression: BlockCompression, data: Buffer, chunkBytes = 65_536): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += chunkBytes) chunks.push(data.subarray(at, at + chunkBytes));
  return buffer(Readable.from(chunks).pipe(decompression(compression)));
}

/** Text (compressible) and random bytes, 3.5 MB in all: four blocks compressed three at a time, fed in chunks of any size. */
function sampleChunks(): { input: Buffer; chunks: Buffer[] } {
  const input = Buffer.concat([Buffer.from("INSERT row\tof\ttable text\n".repeat(60_000)), randomBytes(2_000_000)]);
  const chunks: Buffer[] = [];
  for (let at = 0, size = 1; at < input.length; at += size, size = (size * 7919) % 200_003) chunks.push(input.subarray(at, at + size));
  return { input, chunks };
}

describe("ParallelCompression", () => {
  it("writes gzip that gunzip reads back whole and in order, from input of several blocks in chunks of any size", async () => {
    const { input, chunks } = sampleChunks();
    const output = await compressed("gzip", chunks);
    expect(gunzipSync(output).equals(input)).toBe(true);
    expect(output.length).toBeLessThan(input.length * 0.7);
    // A streaming reader (as the restore reads it) reads every member too.
    expect((await readBack("gzip", output)).equals(input)).toBe(true);
  });

  it("writes brotli frames that read back whole and in order, however the reads cut the frames", async () => {
    const { input, chunks } = sampleChunks();
    const output = await compressed("brotli-frames", chunks);
    expect(output.length).toBeLessThan(input.length * 0.7);
    expect(output.readUInt32BE(0)).toBeLessThan(1 << 20);
    for (const chunkBytes of [3, 4093, 65_536, output.length]) {
      expect((await readBack("brotli-frames", output, chunkBytes)).equals(input), `reads of ${chunkBytes} bytes`).toBe(true);
    }
  });

  it("writes a file for empty and for small input", async () => {
    expect(gunzipSync(await compressed("gzip", [])).length).toBe(0);
    expect(gunzipSync(await compressed("gzip", [Buffer.from("one row\n")])).toString()).toBe("one row\n");
    expect((await readBack("brotli-frames", await compressed("brotli-frames", []))).length).toBe(0);
    const small = await compressed("brotli-frames", [Buffer.from("one row\n")]);
    expect((await readBack("brotli-frames", small)).toString()).toBe("one row\n");
  });

  it("refuses brotli frames cut short or with a length out of bounds, rather than answer part of them", async () => {
    const output = await compressed("brotli-frames", [Buffer.from("row\n".repeat(300_000))]);
    await expect(readBack("brotli-frames", output.subarray(0, output.length - 1))).rejects.toThrow(/cut short/);
    await expect(readBack("brotli-frames", output.subarray(0, 2))).rejects.toThrow(/cut short/);
    const oversized = Buffer.from(output);
    oversized.writeUInt32BE(0x7fffffff, 0);
    await expect(readBack("brotli-frames", oversized)).rejects.toThrow(/damaged: a frame of/);
    const empty = Buffer.alloc(4);
    await expect(readBack("brotli-frames", empty)).rejects.toThrow(/damaged: a frame of 0 bytes/);
  });
});
