import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeleteObjectCommand, ListObjectVersionsCommand, S3Client } from "@aws-sdk/client-s3";
import { startCephRgw, type CephRgw } from "@tests/helpers/ceph-rgw";
import { startS3Server, type TestS3Server } from "@tests/helpers/s3-server";
import { BlobNotFoundError, blobKeyForHash, BlobRetainedError, NO_RETENTION, type BlobStore } from "./blob-store";
import { lazyS3BlobStore, type S3Settings } from "./lazy-s3-blob-store";
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
  it("reads synchronously into a reused buffer when the blob fits, into a new one when not", async () => {
    const store = new LocalBlobStore(await mkdtemp(path.join(tmpdir(), "blobs-")));
    const small = blob(randomBytes(1000));
    const large = blob(randomBytes(5000));
    await store.putMany([small, large]);
    const scratch = Buffer.alloc(4096);
    const read = store.readSync(small.key, scratch);
    expect(read).toEqual(small.bytes);
    expect(read.buffer).toBe(scratch.buffer);
    const big = store.readSync(large.key, scratch);
    expect(big).toEqual(large.bytes);
    expect(big.buffer).not.toBe(scratch.buffer);
    const empty = blob(Buffer.alloc(0));
    await store.put(empty);
    expect(store.readSync(empty.key, scratch)).toHaveLength(0);
    await store.delete(small.key);
    expect(() => store.readSync(small.key, scratch)).toThrow(BlobNotFoundError);
  });

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

describe("local blob store, immutability mode", () => {
  const DAY = 24 * 3600_000;
  const immutableStore = async () => new LocalBlobStore(await mkdtemp(path.join(tmpdir(), "blobs-")), { immutable: true });

  it("refuses to delete or overwrite a blob before its retain-until date, and allows it after", async () => {
    const store = await immutableStore();
    const item = blob(randomBytes(1000));
    expect(await store.retentionOf(item.key)).toBeNull();
    await store.put(item);
    expect(await store.retentionOf(item.key)).toEqual({ retainUntil: null, legalHold: false });
    const soon = new Date(Date.now() + 1500);
    await store.setRetention(item.key, { retainUntil: soon, legalHold: false });
    await expect(store.delete(item.key)).rejects.toBeInstanceOf(BlobRetainedError);
    // A present blob is kept (sealed bytes differ from one sealing to the next, so presence decides):
    // only a replacement (the storage conversion's) overwrites, and a retained blob refuses it.
    await expect(store.put({ key: item.key, bytes: item.bytes.subarray(0, 10), replace: true })).rejects.toBeInstanceOf(BlobRetainedError);
    await store.put({ key: item.key, bytes: item.bytes.subarray(0, 10) });
    await store.put(item); // the same bytes again: nothing to overwrite
    expect(await store.get(item.key)).toEqual(item.bytes);
    await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50));
    await store.delete(item.key);
    expect(await store.exists(item.key)).toBe(false);
    expect(await store.retentionOf(item.key)).toBeNull();
  });

  it("only lengthens retain-until; a legal hold retains indefinitely until lifted", async () => {
    const store = await immutableStore();
    const item = blob(randomBytes(1000));
    await store.put(item);
    const far = new Date(Date.now() + 3650 * DAY);
    await store.setRetention(item.key, { retainUntil: far, legalHold: false });
    await store.setRetention(item.key, { retainUntil: new Date(Date.now() + DAY), legalHold: false });
    await store.setRetention(item.key, { retainUntil: null, legalHold: false });
    expect(await store.retentionOf(item.key)).toEqual({ retainUntil: far, legalHold: false });

    const held = blob(randomBytes(1000));
    await store.put(held);
    await store.setRetention(held.key, { retainUntil: new Date(Date.now() - DAY), legalHold: true });
    await expect(store.delete(held.key)).rejects.toThrow(/under legal hold/);
    await store.setRetention(held.key, { retainUntil: null, legalHold: false });
    await store.delete(held.key);
    expect(await store.exists(held.key)).toBe(false);
    // Absent blobs carry no retention.
    await store.setRetention(held.key, { retainUntil: far, legalHold: true });
    expect(await store.retentionOf(held.key)).toBeNull();
  });

  it("with the mode off, deletes whatever retention was recorded", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "blobs-"));
    const item = blob(randomBytes(1000));
    const immutable = new LocalBlobStore(root, { immutable: true });
    await immutable.put(item);
    await immutable.setRetention(item.key, { retainUntil: new Date(Date.now() + 3600_000), legalHold: true });
    await new LocalBlobStore(root).delete(item.key);
    expect(await immutable.exists(item.key)).toBe(false);
  });
});

/** An S3 store on `server`'s bucket under a fresh prefix (each test's keys are its own: locked objects outlive it). */
const storeOn = (server: TestS3Server, objectLock?: S3Settings["objectLock"], prefix = `contract-${randomBytes(4).toString("hex")}/`) =>
  lazyS3BlobStore({
    bucket: server.bucket,
    prefix,
    region: process.env.S3_TEST_REGION ?? "us-east-1",
    endpoint: server.endpoint,
    forcePathStyle: true,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    objectLock,
  });

/** The versions of the object stored under `objectKey` (a bucket with Object Lock is versioned). */
async function versionsOf(s3: S3Client, bucket: string, objectKey: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: objectKey }));
  return (listed.Versions ?? []).filter((version) => version.Key === objectKey).map((version) => version.VersionId!);
}

/**
 * The store's Object Lock on a bucket created with it, and what the bucket itself then refuses to
 * `client` (the service's own credentials): deleting any version of a held or retained object.
 */
function objectLockContract(name: string, bucket: () => TestS3Server, client: () => S3Client) {
  describe(`S3 Object Lock: ${name}`, () => {
    it("reads an object without retention or legal hold as unlocked, in this engine's dialect", async () => {
      const s3 = storeOn(bucket(), { mode: "GOVERNANCE" });
      const item = blob(randomBytes(1000));
      await s3.put(item);
      expect(await s3.retentionOf(item.key)).toEqual(NO_RETENTION);
    });

    it("extends retention (never shortens), holds and refuses deletion while retained", async () => {
      const s3 = storeOn(bucket(), { mode: "GOVERNANCE" });
      const item = blob(randomBytes(1000));
      await s3.put(item);
      const until = new Date(Math.ceil((Date.now() + 24 * 3600_000) / 1000) * 1000);
      await s3.setRetention(item.key, { retainUntil: until, legalHold: true });
      await s3.setRetention(item.key, { retainUntil: new Date(Date.now() + 60_000), legalHold: true });
      expect(await s3.retentionOf(item.key)).toEqual({ retainUntil: until, legalHold: true });
      await expect(s3.delete(item.key)).rejects.toBeInstanceOf(BlobRetainedError);
      expect(await s3.get(item.key)).toEqual(item.bytes);
    });

    // Stored twice: what a second host's put does when it found the key absent a moment before the
    // first wrote it, leaving two versions of the key.
    for (const copies of [1, 2])
      it(`a held object, and one retained in COMPLIANCE mode, cannot be deleted through S3 with the service's credentials (${copies === 1 ? "stored once" : "any version of one stored twice"})`, async () => {
        const prefix = `lock-${randomBytes(4).toString("hex")}/`;
        const s3 = storeOn(bucket(), { mode: "COMPLIANCE" }, prefix);
        const [held, retained] = [blob(randomBytes(1000)), blob(randomBytes(1000))];
        await s3.putMany([held, retained]);
        for (let copy = 1; copy < copies; copy++) await s3.putMany([held, retained].map((item) => ({ ...item, replace: true })));
        await s3.setRetention(held.key, { retainUntil: null, legalHold: true });
        await s3.setRetention(retained.key, { retainUntil: new Date(Date.now() + 24 * 3600_000), legalHold: false });
        const direct = client();
        for (const item of [held, retained]) {
          const objectKey = `${prefix}${item.key}`;
          const versions = await versionsOf(direct, bucket().bucket, objectKey);
          expect(versions).toHaveLength(copies);
          for (const version of versions)
            for (const bypass of [false, true]) {
              await expect(
                direct.send(
                  new DeleteObjectCommand({
                    Bucket: bucket().bucket,
                    Key: objectKey,
                    VersionId: version,
                    BypassGovernanceRetention: bypass,
                  }),
                ),
              ).rejects.toMatchObject({ name: "AccessDenied" });
            }
          expect(await s3.get(item.key)).toEqual(item.bytes);
        }
        direct.destroy();
      });
  });
}

/**
 * Ceph's RADOS Gateway, a real S3 engine with Object Lock (tests/helpers/ceph-rgw.ts): the contract
 * on a plain bucket and on an Object Lock one, the Object Lock contract, and fail-closed on a
 * bucket without Object Lock.
 */
describe("Ceph RGW", () => {
  let rgw: CephRgw;
  beforeAll(async () => {
    rgw = await startCephRgw();
  });
  afterAll(async () => rgw?.stop());

  contract("S3 on Ceph RGW, plain bucket", async () => storeOn(rgw.plainBucket));
  contract("S3 on Ceph RGW, Object Lock bucket in immutability mode", async () => storeOn(rgw.lockedBucket, { mode: "COMPLIANCE" }));
  objectLockContract(
    "Ceph RGW",
    () => rgw.lockedBucket,
    () => rgw.client(),
  );

  it("in immutability mode on a bucket without Object Lock, refuses to delete and fails loudly", async () => {
    const store = storeOn(rgw.plainBucket, { mode: "COMPLIANCE" });
    const item = blob(randomBytes(1000));
    await store.put(item);
    await expect(store.retentionOf(item.key)).rejects.toThrow(/object lock not configured/i);
    await expect(store.setRetention(item.key, { retainUntil: new Date(Date.now() + 3600_000), legalHold: true })).rejects.toThrow();
    await expect(store.delete(item.key)).rejects.toThrow(/object lock not configured/i);
    expect(await store.get(item.key)).toEqual(item.bytes);
  });
});

/**
 * s3rver, the fake S3 server (tests/helpers/s3-server.ts), stays only where a real engine cannot go:
 * it implements no Object Lock at all (GET ?retention and ?legal-hold answer NotImplemented, PUT
 * answers MethodNotAllowed, lock headers on PUT are ignored), a dialect the immutable store must
 * fail closed on too.
 */
describe("s3rver (no Object Lock)", () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => server?.stop());

  it("in immutability mode on a server without Object Lock, refuses to delete and fails loudly instead of pretending", async () => {
    const store = storeOn(server, { mode: "COMPLIANCE" });
    const item = blob(randomBytes(1000));
    await store.put(item);
    await expect(store.retentionOf(item.key)).rejects.toThrow(/not implemented/i);
    await expect(store.setRetention(item.key, { retainUntil: new Date(Date.now() + 3600_000), legalHold: true })).rejects.toThrow();
    await expect(store.delete(item.key)).rejects.toThrow(/not implemented/i);
    expect(await store.get(item.key)).toEqual(item.bytes);
  });
});

/**
 * Another engine (e.g. MinIO or AWS) when S3_TEST_ENDPOINT names one: the contract on S3_TEST_BUCKET,
 * and the Object Lock contract on S3_TEST_OBJECT_LOCK_BUCKET (a bucket created with Object Lock) when set.
 */
describe.runIf(process.env.S3_TEST_ENDPOINT)("S3_TEST_ENDPOINT", () => {
  const server = (bucket: string): TestS3Server => ({
    endpoint: process.env.S3_TEST_ENDPOINT!,
    bucket,
    accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID!,
    secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY!,
    stop: async () => undefined,
  });
  if (process.env.S3_TEST_BUCKET) contract("S3_TEST_BUCKET", async () => storeOn(server(process.env.S3_TEST_BUCKET!)));
  if (process.env.S3_TEST_OBJECT_LOCK_BUCKET)
    objectLockContract(
      "S3_TEST_OBJECT_LOCK_BUCKET",
      () => server(process.env.S3_TEST_OBJECT_LOCK_BUCKET!),
      () => {
        const { endpoint, accessKeyId, secretAccessKey } = server("");
        return new S3Client({
          endpoint,
          region: process.env.S3_TEST_REGION ?? "us-east-1",
          forcePathStyle: true,
          credentials: { accessKeyId, secretAccessKey },
        });
      },
    );
});
