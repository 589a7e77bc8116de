import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { BackupDamagedError, deriveBackupKeys, newBackupSalt, openingStream, sealingStream, SEGMENT_BYTES } from "./backup-cipher";

const keys = deriveBackupKeys(randomBytes(32), newBackupSalt());
const HEADER = 16;
const SEALED_SEGMENT = SEGMENT_BYTES + 16;

const seal = (plain: Buffer, context = "b1 database/00-users.copy.gz.sealed") =>
  buffer(Readable.from([plain]).pipe(sealingStream(keys.files, context)));
const open = (sealed: Buffer, context = "b1 database/00-users.copy.gz.sealed") =>
  buffer(Readable.from(sealed.length === 0 ? [] : [sealed]).pipe(openingStream(keys.files, context, "database/00-users.copy.gz.sealed")));

describe("backup files sealed in authenticated segments", () => {
  it.each([0, 1, SEGMENT_BYTES - 1, SEGMENT_BYTES, SEGMENT_BYTES + 1, 3 * SEGMENT_BYTES + 17])("opens %i bytes as sealed", async (size) => {
    const plain = randomBytes(size);
    const sealed = await seal(plain);
    expect(sealed.length).toBe(HEADER + plain.length + 16 * Math.max(1, Math.ceil(plain.length / SEGMENT_BYTES)));
    expect((await open(sealed)).equals(plain)).toBe(true);
  });

  it("refuses a changed byte, a file cut at a segment boundary, swapped segments, another file's context and an empty file", async () => {
    const plain = randomBytes(3 * SEGMENT_BYTES + 5);
    const sealed = await seal(plain);
    const flipped = Buffer.from(sealed);
    flipped[HEADER + 10] ^= 1;
    const cut = sealed.subarray(0, HEADER + 2 * SEALED_SEGMENT);
    const swapped = Buffer.concat([
      sealed.subarray(0, HEADER),
      sealed.subarray(HEADER + SEALED_SEGMENT, HEADER + 2 * SEALED_SEGMENT),
      sealed.subarray(HEADER, HEADER + SEALED_SEGMENT),
      sealed.subarray(HEADER + 2 * SEALED_SEGMENT),
    ]);
    for (const damaged of [flipped, cut, swapped, Buffer.alloc(0)]) {
      await expect(open(damaged)).rejects.toBeInstanceOf(BackupDamagedError);
    }
    await expect(open(sealed, "b1 database/01-archived_emails.copy.gz.sealed")).rejects.toThrow(
      /^The backup is damaged: database\/00-users\.copy\.gz\.sealed does not open \(segment 0 /,
    );
  });
});
