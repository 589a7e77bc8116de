import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BlobNotFoundError, blobKeyForHash, type BlobStore } from "./blob-store";
import { lazyS3BlobStore } from "./lazy-s3-blob-store";
import { LocalBlobStore } from "./local-blob-store";

/**
 * One contract for every storage backend. The local store always runs; the S3 store runs against
 * a real S3-compatible server when S3_TEST_ENDPOINT and S3_TEST_BUCKET are set (e.g. MinIO), and
 * is skipped, saying so, otherwise.
 */
const blob = (bytes: Buffer) => ({ key: blobKeyForHash(createHash("sha256").update(bytes).digest("hex")), bytes });

function contract(name: string, makeStore: () => Promise<BlobStore>) {
  describe(`blob store contract: ${name}`, () => {
    it("stores bytes under their hash, reads them back exactly, and is idempotent", async () => {
      const store = await makeStore();
      const item = blob(randomBytes(100_000));
      expect(await store.exists(item.key)).toBe(false);
      await store.put(item);
      await store.put(item);
      expect(await store.exists(item.key)).toBe(true);
      expect(await store.get(item.key)).toEqual(item.bytes);
      const empty = blob(Buffer.alloc(0));
      await store.put(empty);
      expect(await store.get(empty.key)).toEqual(Buffer.alloc(0));
    });

    it("deletes (absent keys are fine) and reports missing blobs as BlobNotFoundError", async () => {
      const store = await makeStore();
      expect(await store.hasAnyBlob()).toBe(false);
      const item = blob(randomBytes(1000));
      await store.put(item);
      expect(await store.hasAnyBlob()).toBe(true);
      await store.delete(item.key);
      await store.delete(item.key);
      expect(await store.exists(item.key)).toBe(false);
      await expect(store.get(item.key)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.hasAnyBlob()).toBe(false);
    });

    it("refuses keys that are not content addresses (no path can escape the store)", async () => {
      const store = await makeStore();
      for (const key of ["../../etc/passwd", "sha256/aa/bb/../../../../etc/passwd", `sha256/aa/bb/${"g".repeat(64)}`, "/etc/passwd"]) {
        await expect(store.get(key), key).rejects.toThrow(/Not a blob key/);
        await expect(store.put({ key, bytes: Buffer.from("x") }), key).rejects.toThrow(/Not a blob key/);
      }
      expect(() => blobKeyForHash("../x")).toThrow(/Not a SHA-256/);
    });
  });
}

contract("local files", async () => new LocalBlobStore(await mkdtemp(path.join(tmpdir(), "blobs-"))));

describe("local blob store", () => {
  it("writes again after its directories were removed behind its back", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "blobs-"));
    const store = new LocalBlobStore(root);
    const first = blob(randomBytes(1000));
    await store.put(first);
    await rm(root, { recursive: true, force: true });
    const second = blob(randomBytes(1000));
    await store.put(second);
    await store.put(first);
    expect(await store.get(second.key)).toEqual(second.bytes);
    expect(await store.get(first.key)).toEqual(first.bytes);
  });
});

const s3Endpoint = process.env.S3_TEST_ENDPOINT;
const s3Bucket = process.env.S3_TEST_BUCKET;
if (s3Endpoint && s3Bucket) {
  contract("S3", async () =>
    lazyS3BlobStore({
      bucket: s3Bucket,
      prefix: `contract-${randomBytes(4).toString("hex")}/`,
      region: process.env.S3_TEST_REGION ?? "us-east-1",
      endpoint: s3Endpoint,
      forcePathStyle: true,
      accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID,
      secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY,
    }),
  );
} else {
  describe.skip("blob store contract: S3 (set S3_TEST_ENDPOINT and S3_TEST_BUCKET to run it against a real S3-compatible server)", () => {
    it("runs against a real server", () => undefined);
  });
}
