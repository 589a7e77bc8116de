import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { compressForSealing, openBlob, sealBlob } from "./blob-envelope";

const dataKey = { id: randomBytes(16), key: randomBytes(32) };
const key = `sha256/ab/cd/${"ab".repeat(32)}`;
const open = (stored: Buffer) => openBlob(key, stored, () => dataKey.key);
/** Flags byte of a sealed blob: 1 compressed. */
const compressedFlag = (stored: Buffer) => stored[9] & 1;

describe("blob envelope: compression decided off the parsing thread", () => {
  it("compresses large text, keeps large incompressible bytes as they are, and both open to the plain bytes", async () => {
    const text = Buffer.from("quarterly figures, minutes and follow-ups\r\n".repeat(10_000));
    const noise = randomBytes(400_000);
    for (const [plain, compressible] of [
      [text, true],
      [noise, false],
      [Buffer.concat([randomBytes(20_000), text]), false], // its start does not shrink: stored whole
      [Buffer.from("short text ".repeat(100)), true],
    ] as const) {
      const compressed = await compressForSealing(plain);
      expect(compressed !== null).toBe(compressible);
      const stored = sealBlob({ key, plain, compress: true, dataKey, compressed });
      expect(compressedFlag(stored)).toBe(compressible ? 1 : 0);
      expect(open(stored).equals(plain)).toBe(true);
      // The synchronous path decides the same.
      const storedSync = sealBlob({ key, plain, compress: true, dataKey });
      expect(compressedFlag(storedSync)).toBe(compressedFlag(stored));
      expect(open(storedSync).equals(plain)).toBe(true);
    }
  });
});
