import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { createGunzip, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ParallelGzip } from "./parallel-gzip";

async function gzipped(chunks: Buffer[]): Promise<Buffer> {
  const output: Buffer[] = [];
  await pipeline(Readable.from(chunks), new ParallelGzip(1, 3), async function* (compressed: AsyncIterable<Buffer>) {
    for await (const chunk of compressed) output.push(chunk);
  });
  return Buffer.concat(output);
}

describe("ParallelGzip", () => {
  it("writes gzip that gunzip reads back whole and in order, from input of several blocks in chunks of any size", async () => {
    // Text (compressible) and random bytes, 3.5 MB in all: four blocks compressed three at a time.
    const input = Buffer.concat([Buffer.from("INSERT row\tof\ttable text\n".repeat(60_000)), randomBytes(2_000_000)]);
    const chunks: Buffer[] = [];
    for (let at = 0, size = 1; at < input.length; at += size, size = (size * 7919) % 200_003) chunks.push(input.subarray(at, at + size));
    const output = await gzipped(chunks);
    expect(gunzipSync(output).equals(input)).toBe(true);
    expect(output.length).toBeLessThan(input.length * 0.7);
    // A streaming reader (as the restore reads it) reads every member too.
    expect((await buffer(Readable.from([output]).pipe(createGunzip()))).equals(input)).toBe(true);
  });

  it("writes a gzip file for empty and for small input", async () => {
    expect(gunzipSync(await gzipped([])).length).toBe(0);
    expect(gunzipSync(await gzipped([Buffer.from("one row\n")])).toString()).toBe("one row\n");
  });
});
