import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../../tests/helpers/s3-server";
import { BlobNotFoundError, blobKeyForHash, type BlobStore } from "./blob-store";
import { lazyS3BlobStore } from "./lazy-s3-blob-store";
import { LocalBlobStore } from "./local-blob-store";

/**
 * One contract for every storage backend, each run against a real server: local files, and S3.
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

/**
 * The S3 store runs against S3_TEST_ENDPOINT / S3_TEST_BUCKET when set (e.g. MinIO or AWS), else
 * against the third-party S3 server (s3rver) started here on a loopback port.
 */
describe("S3 server", () => {
  let server: TestS3Server | undefined;
  beforeAll(async () => {
    if (!process.env.S3_TEST_ENDPOINT) server = await startS3Server();
  });
  afterAll(async () => server?.stop());

  contract("S3", async () =>
    lazyS3BlobStore({
      bucket: process.env.S3_TEST_BUCKET ?? server!.bucket,
      prefix: `contract-${randomBytes(4).toString("hex")}/`,
      region: process.env.S3_TEST_REGION ?? "us-east-1",
      endpoint: process.env.S3_TEST_ENDPOINT ?? server!.endpoint,
      forcePathStyle: true,
      accessKeyId: process.env.S3_TEST_ENDPOINT ? process.env.S3_TEST_ACCESS_KEY_ID : server!.accessKeyId,
      secretAccessKey: process.env.S3_TEST_ENDPOINT ? process.env.S3_TEST_SECRET_ACCESS_KEY : server!.secretAccessKey,
    }),
  );
});
