import { describe, expect, it } from "vitest";
import { inThreadWithRelease } from "@tests/helpers/thread-with-release";

describe("releaseBuffer", () => {
  it("gives an owned buffer's memory back at once on a thread with transfer, and leaves pool slices alone", async () => {
    const result = await inThreadWithRelease<Record<string, unknown>>(`async (load) => {
      const { releaseBuffer } = await load("src/server/platform/memory/release-buffer.ts");
      const arrayBuffers = () => process.memoryUsage().arrayBuffers;
      const owned = Buffer.alloc(1 << 20, 1);
      const before = arrayBuffers();
      releaseBuffer(owned);
      const freed = before - arrayBuffers();
      const larger = Buffer.alloc(200_000, 2);
      const view = larger.subarray(0, 100);
      releaseBuffer(view);
      // Two neighbours in one slice of Node's shared pool.
      const slice = Buffer.from("abcdefg");
      const pooled = slice.subarray(0, 3);
      const neighbour = slice.subarray(3);
      releaseBuffer(pooled);
      const small = Buffer.allocUnsafeSlow(100).fill(3);
      releaseBuffer(small);
      return {
        transfer: typeof ArrayBuffer.prototype.transfer,
        ownedLength: owned.length,
        freed,
        largerLength: larger.length,
        pooled: pooled.toString(),
        neighbour: neighbour.toString(),
        poolSized: pooled.buffer.byteLength === Buffer.poolSize,
        smallLength: small.length,
      };
    }`);
    expect(result).toEqual({
      transfer: "function",
      ownedLength: 0,
      freed: 1 << 20,
      // A view releases the whole memory it is a view of.
      largerLength: 0,
      pooled: "abc",
      neighbour: "defg",
      poolSized: true,
      // A small buffer of its own (not a pool slice) is released too.
      smallLength: 0,
    });
  });
});
