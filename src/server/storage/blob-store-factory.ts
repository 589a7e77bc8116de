import { config } from "../config/env";
import type { BlobStore } from "./blob-store";
import { LocalBlobStore } from "./local-blob-store";
import { lazyS3BlobStore } from "./lazy-s3-blob-store";

let cached: { signature: string; store: BlobStore } | null = null;

function createBlobStore(): BlobStore {
  const { backend, dir, s3 } = config.storage;
  const immutable = config.storageImmutable;
  if (backend === "local") return new LocalBlobStore(dir, { immutable });
  if (!s3.bucket) throw new Error("STORAGE_BACKEND=s3 needs S3_BUCKET");
  return lazyS3BlobStore({ ...s3, bucket: s3.bucket, objectLock: immutable ? { mode: config.objectLockMode } : undefined });
}

/** The configured store (STORAGE_BACKEND, docs/configuration.md); re-created when the configuration changes (tests). */
export function blobStore(): BlobStore {
  const signature = JSON.stringify([config.storage, config.storageImmutable && config.objectLockMode]);
  if (!cached || cached.signature !== signature) cached = { signature, store: createBlobStore() };
  return cached.store;
}
