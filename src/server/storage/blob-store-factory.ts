import path from "node:path";
import { config, dataDir } from "../config/env";
import type { BlobStore } from "./blob-store";
import { LocalBlobStore } from "./local-blob-store";
import { lazyS3BlobStore } from "./lazy-s3-blob-store";

let cached: { signature: string; store: BlobStore } | null = null;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`STORAGE_BACKEND=s3 needs ${name}`);
  return value;
}

function createBlobStore(): BlobStore {
  const backend = process.env.STORAGE_BACKEND ?? "local";
  const immutable = config.storageImmutable;
  if (backend === "local") return new LocalBlobStore(process.env.STORAGE_DIR ?? path.join(dataDir(), "storage"), { immutable });
  if (backend !== "s3") throw new Error(`STORAGE_BACKEND must be "local" or "s3", got "${backend}"`);
  return lazyS3BlobStore({
    bucket: required("S3_BUCKET"),
    prefix: process.env.S3_PREFIX ?? "",
    region: process.env.S3_REGION ?? "us-east-1",
    endpoint: process.env.S3_ENDPOINT || undefined,
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === "true",
    accessKeyId: process.env.S3_ACCESS_KEY_ID,
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
    objectLock: immutable ? { mode: config.objectLockMode } : undefined,
  });
}

/** The configured store (STORAGE_BACKEND, docs/configuration.md); re-created when the configuration changes (tests). */
export function blobStore(): BlobStore {
  const signature = [
    process.env.STORAGE_BACKEND,
    process.env.STORAGE_DIR,
    process.env.DATA_DIR,
    process.env.S3_BUCKET,
    process.env.S3_ENDPOINT,
    process.env.STORAGE_IMMUTABLE,
    process.env.S3_OBJECT_LOCK_MODE,
  ].join("|");
  if (!cached || cached.signature !== signature) cached = { signature, store: createBlobStore() };
  return cached.store;
}
