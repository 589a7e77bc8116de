import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openBlob, sealBlob } from "./blob-envelope";

const dataKey = { id: randomBytes(16), key: randomBytes(32) };
const key = `sha256/ab/cd/${"ab".repeat(32)}`;
const open = (stored: Buffer) => openBlob(key, stored, () => dataKey.key);
/** Flags byte of a sealed blob: 1 compressed. */
const compressedFlag = (stored: Buffer) => stored[9] & 1;

describe("blob envelope: when compression is tried", () => {
  it("compresses text, keeps large bytes whose start does not shrink as they are, and all open to the plain bytes", async () => {
    const text = Buffer.from("quarterly figures, minutes and follow-ups\r\n".repeat(10_000));
    for (const [plain, compressed] of [
      [text, 1],
      [randomBytes(400_000), 0],
      // Compressible as a whole, but its first 16 KB are not: a large blob is judged by its start.
      [Buffer.concat([randomBytes(20_000), text]), 0],
      [Buffer.concat([randomBytes(20_000), text.subarray(0, 40_000)]), 1], // small enough to be tried whole
      [Buffer.from("short text ".repeat(100)), 1],
    ] as const) {
      const stored = await sealBlob({ key, plain, compress: true, dataKey });
      expect(compressedFlag(stored)).toBe(compressed);
      expect(open(stored).equals(plain)).toBe(true);
    }
  });
});
