import {
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectLegalHoldCommand,
  GetObjectRetentionCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
  PutObjectRetentionCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { createHash } from "node:crypto";
import {
  assertBlobKey,
  BlobNotFoundError,
  BlobRetainedError,
  isRetained,
  laterDate,
  type BlobRetention,
  type BlobStore,
} from "./blob-store";

export interface S3BlobStoreOptions {
  bucket: string;
  prefix: string;
  client: S3Client;
  /** Immutability mode: S3 Object Lock on a bucket created with it (docs/retention.md "Immutable storage"). */
  objectLock?: { mode: "COMPLIANCE" | "GOVERNANCE" };
}

/** Uploads of one batch in flight at once (each waits on the network, not on this process). */
const PUT_CONCURRENCY = 8;

/**
 * What each S3 dialect answers, on a bucket with Object Lock, for an object that has no retention
 * or no legal hold set: AWS and MinIO `NoSuchObjectLockConfiguration`, Ceph RGW 404
 * `ObjectLockConfigurationNotFoundError`. Anything else (a bucket without Object Lock: RGW 400
 * `InvalidRequest`, s3rver `NotImplemented`; an unknown dialect's name) is an error, so the store
 * fails closed rather than take an unreadable lock for no lock.
 */
const NO_LOCK_CONFIGURATION = new Set(["NoSuchObjectLockConfiguration", "ObjectLockConfigurationNotFoundError"]);
const hasNoLockConfiguration = (error: unknown) => NO_LOCK_CONFIGURATION.has((error as { name?: string }).name ?? "");

const isNotFound = (error: unknown) => {
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return named.name === "NotFound" || named.name === "NoSuchKey" || named.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs as objects in an S3-compatible bucket. A PUT is atomic on the server side (an object is
 * either wholly there or absent), and the SHA-256 sent with it lets the server refuse corrupted uploads.
 */
export class S3BlobStore implements BlobStore {
  readonly name = "s3" as const;

  constructor(private readonly options: S3BlobStoreOptions) {}

  private objectKey(key: string): string {
    assertBlobKey(key);
    return `${this.options.prefix}${key}`;
  }

  async put(options: { key: string; bytes: Buffer; replace?: boolean }): Promise<void> {
    if (!options.replace && (await this.exists(options.key))) return;
    await this.options.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(options.key),
        Body: options.bytes,
        ContentLength: options.bytes.length,
        ChecksumSHA256: createHash("sha256").update(options.bytes).digest("base64"),
      }),
    );
  }

  async putMany(blobs: { key: string; bytes: Buffer; replace?: boolean }[]): Promise<void> {
    const queue = [...blobs];
    const uploader = async () => {
      for (let next = queue.pop(); next; next = queue.pop()) await this.put(next);
    };
    await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, queue.length) }, uploader));
  }

  async get(key: string): Promise<Buffer> {
    try {
      const object = await this.options.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async storedSize(key: string): Promise<number | null> {
    try {
      const head = await this.options.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.options.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async hasAnyBlob(): Promise<boolean> {
    const listed = await this.options.client.send(
      new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: `${this.options.prefix}sha256/`, MaxKeys: 1 }),
    );
    return (listed.KeyCount ?? 0) > 0;
  }

  /** An S3 PUT is atomic: a crash never leaves a partial object. */
  async sweepPartialWrites(): Promise<number> {
    return 0;
  }

  async delete(key: string): Promise<void> {
    if (!this.options.objectLock) {
      await this.options.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return;
    }
    // Checked here so the refusal is ours and explicit; the bucket's Object Lock refuses it anyway.
    // A locked bucket is versioned: a plain DELETE would only hide the bytes behind a delete
    // marker, so every version of the key is deleted.
    const retention = await this.retentionOf(key);
    if (retention && isRetained(retention)) throw new BlobRetainedError(key, retention);
    const objectKey = this.objectKey(key);
    const listed = await this.options.client.send(new ListObjectVersionsCommand({ Bucket: this.options.bucket, Prefix: objectKey }));
    const versions = [...(listed.Versions ?? []), ...(listed.DeleteMarkers ?? [])].filter((version) => version.Key === objectKey);
    for (const version of versions) {
      await this.options.client.send(
        new DeleteObjectCommand({ Bucket: this.options.bucket, Key: objectKey, VersionId: version.VersionId }),
      );
    }
  }

  /**
   * Read with GetObjectRetention and GetObjectLegalHold (a server without Object Lock fails here,
   * loudly): the strongest any version carries, as a deletion must respect every version.
   */
  async retentionOf(key: string): Promise<BlobRetention | null> {
    const copies = await this.retentionOfEveryCopy(key);
    if (!copies) return null;
    return copies.reduce((strongest, copy) => ({
      retainUntil: laterDate(strongest.retainUntil, copy.retainUntil),
      legalHold: strongest.legalHold || copy.legalHold,
    }));
  }

  /** Each version's retention (a bucket without Object Lock has one current object: its retention alone). */
  async retentionOfEveryCopy(key: string): Promise<BlobRetention[] | null> {
    if (!(await this.exists(key))) return null;
    const objectKey = this.objectKey(key);
    // The current version first: a server without Object Lock refuses this read, loudly, before anything else.
    const current = await this.retentionOfVersion({ Bucket: this.options.bucket, Key: objectKey });
    if (!this.options.objectLock) return [current];
    const versions = await this.versionsOf(objectKey);
    if (versions.length <= 1) return [current];
    return Promise.all(
      versions.map((version) => this.retentionOfVersion({ Bucket: this.options.bucket, Key: objectKey, VersionId: version.VersionId })),
    );
  }

  /** The retention of one version of an object (the current one without `VersionId`). */
  private async retentionOfVersion(target: { Bucket: string; Key: string; VersionId?: string }): Promise<BlobRetention> {
    const [retention, legalHold] = await Promise.all([
      this.options.client.send(new GetObjectRetentionCommand(target)).catch((error: unknown) => {
        if (hasNoLockConfiguration(error)) return null;
        throw error;
      }),
      this.options.client.send(new GetObjectLegalHoldCommand(target)).catch((error: unknown) => {
        if (hasNoLockConfiguration(error)) return null;
        throw error;
      }),
    ]);
    return { retainUntil: retention?.Retention?.RetainUntilDate ?? null, legalHold: legalHold?.LegalHold?.Status === "ON" };
  }

  /**
   * Applied to every version of the object: hosts storing the same message at once (each finding it
   * absent) leave several versions of its key, each holding the bytes, and a version left unlocked
   * could be deleted through S3 while the email is held.
   */
  async setRetention(key: string, retention: BlobRetention): Promise<void> {
    const mode = this.options.objectLock?.mode ?? "COMPLIANCE";
    if (!(await this.retentionOf(key))) return;
    const objectKey = this.objectKey(key);
    for (const version of await this.versionsOf(objectKey)) {
      const target = { Bucket: this.options.bucket, Key: objectKey, VersionId: version.VersionId };
      const current = await this.retentionOfVersion(target);
      if (retention.retainUntil && (!current.retainUntil || current.retainUntil < retention.retainUntil)) {
        await this.options.client.send(
          new PutObjectRetentionCommand({ ...target, Retention: { Mode: mode, RetainUntilDate: retention.retainUntil } }),
        );
      }
      if (current.legalHold !== retention.legalHold) {
        await this.options.client.send(
          new PutObjectLegalHoldCommand({ ...target, LegalHold: { Status: retention.legalHold ? "ON" : "OFF" } }),
        );
      }
    }
  }

  /** The stored versions of `objectKey` (a bucket with Object Lock is versioned), without delete markers. */
  private async versionsOf(objectKey: string) {
    const listed = await this.options.client.send(new ListObjectVersionsCommand({ Bucket: this.options.bucket, Prefix: objectKey }));
    return (listed.Versions ?? []).filter((version) => version.Key === objectKey);
  }
}
