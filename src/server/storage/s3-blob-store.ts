import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createHash } from "node:crypto";
import { assertBlobKey, BlobNotFoundError, type BlobStore } from "./blob-store";

export interface S3BlobStoreOptions {
  bucket: string;
  prefix: string;
  client: S3Client;
}

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

  async put(options: { key: string; bytes: Buffer }): Promise<void> {
    if (await this.exists(options.key)) return;
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

  async get(key: string): Promise<Buffer> {
    try {
      const object = await this.options.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
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
    const listed = await this.options.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: `${this.options.prefix}sha256/`, MaxKeys: 1 }));
    return (listed.KeyCount ?? 0) > 0;
  }

  /** An S3 PUT is atomic: a crash never leaves a partial object. */
  async sweepPartialWrites(): Promise<number> {
    return 0;
  }

  async delete(key: string): Promise<void> {
    await this.options.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }
}
