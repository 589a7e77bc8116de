import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openBlob, sealBlob } from "../archive/storage/blob-envelope";
import { blobKeyForHash } from "../archive/storage/blob-store";
import { BackupBlobDirectory, copyBlobToBackupSync } from "./copy-blob-to-backup";

const dataKey = { id: randomBytes(16), key: randomBytes(32) };
const keyOf = (plain: Buffer) => blobKeyForHash(createHash("sha256").update(plain).digest("hex"));

async function sealed(plain: Buffer) {
  const key = keyOf(plain);
  return { key, stored: await sealBlob({ key, plain, compress: true, dataKey }) };
}

/** A store of one blob, and a backup directory to copy it into, with the threads' way of reading and opening. */
function copyOne(key: string, stored: Buffer, options: { keys?: Map<string, Buffer>; directory?: BackupBlobDirectory } = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "backup-blobs-"));
  const directory = options.directory ?? new BackupBlobDirectory(root);
  const known = options.keys ?? new Map([["known", dataKey.key]]);
  const bytes = copyBlobToBackupSync({
    key,
    directory,
    readStored: () => stored,
    open: (name, bytesStored) => openBlob(name, bytesStored, () => known.get("known")),
  });
  return { root, directory, bytes };
}

describe("a blob copied into a backup on a copier thread", () => {
  it("is written as stored, 0600 in 0700 directories, after it opened to its name; a present one is not copied again", async () => {
    const { key, stored } = await sealed(Buffer.from("minutes of the board meeting\r\n".repeat(200)));
    const { root, directory, bytes } = copyOne(key, stored);
    expect(bytes).toBe(stored.length);
    const file = path.join(root, key);
    expect(readFileSync(file).equals(stored)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(root, "sha256")).mode & 0o777).toBe(0o700);
    expect(directory.holds(key)).toBe(true);
    expect(copyOne(key, stored, { directory }).bytes).toBe(0);
  });

  it("is left to the process's own check (null, nothing written) when its data key is unknown here or it does not open to its name", async () => {
    const { key, stored } = await sealed(Buffer.from("a forecast\r\n".repeat(50)));
    const unknownKey = copyOne(key, stored, { keys: new Map() });
    expect(unknownKey.bytes).toBeNull();
    expect(unknownKey.directory.holds(key)).toBe(false);

    const other = await sealed(Buffer.from("another message"));
    const misnamed = copyOne(key, other.stored);
    expect(misnamed.bytes).toBeNull();
    expect(misnamed.directory.holds(key)).toBe(false);
  });
});
