import type { BlobStore } from "./blob-store";

export interface S3Settings {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  objectLock?: { mode: "COMPLIANCE" | "GOVERNANCE" };
}

/**
 * The S3 store, loading the AWS SDK on first use: processes on the local backend (the default)
 * do not pay its start-up time and tens of MB of memory.
 */
export function lazyS3BlobStore(settings: S3Settings): BlobStore {
  let loaded: Promise<BlobStore> | null = null;
  const store = () =>
    (loaded ??= (async () => {
      const [{ S3Client }, { S3BlobStore }] = await Promise.all([import("@aws-sdk/client-s3"), import("./s3-blob-store")]);
      const credentials =
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined;
      const client = new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials,
      });
      return new S3BlobStore({ bucket: settings.bucket, prefix: settings.prefix, client, objectLock: settings.objectLock });
    })());
  return {
    name: "s3",
    put: async (options) => (await store()).put(options),
    putMany: async (blobs) => (await store()).putMany(blobs),
    get: async (key) => (await store()).get(key),
    exists: async (key) => (await store()).exists(key),
    storedSize: async (key) => (await store()).storedSize(key),
    delete: async (key) => (await store()).delete(key),
    retentionOf: async (key) => (await store()).retentionOf(key),
    retentionOfEveryCopy: async (key) => (await store()).retentionOfEveryCopy(key),
    setRetention: async (key, retention) => (await store()).setRetention(key, retention),
    hasAnyBlob: async () => (await store()).hasAnyBlob(),
    sweepPartialWrites: async (olderThanMs) => (await store()).sweepPartialWrites(olderThanMs),
  };
}
