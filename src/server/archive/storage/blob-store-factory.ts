import { config } from "../../platform/config/env";
import type { BlobStore } from "./blob-store";
import { dataKeyring } from "./data-keyring";
import { LocalBlobStore } from "./local-blob-store";
import { lazyS3BlobStore } from "./lazy-s3-blob-store";
import { SealedBlobStore } from "./sealed-blob-store";

let cached: { signature: string; store: SealedBlobStore } | null = null;

/** The local or S3 store as configured, holding the sealed bytes. */
function createInnerStore(): BlobStore {
  const { backend, dir, s3 } = config.storage;
  const immutable = config.storageImmutable;
  if (backend === "local") return new LocalBlobStore(dir, { immutable });
  if (!s3.bucket) throw new Error("STORAGE_BACKEND=s3 needs S3_BUCKET");
  return lazyS3BlobStore({ ...s3, bucket: s3.bucket, objectLock: immutable ? { mode: config.objectLockMode } : undefined });
}

/**
 * The configured store (STORAGE_BACKEND, docs/configuration.md), sealing what it writes
 * (STORAGE_ENCRYPTION, STORAGE_COMPRESSION; sealed-blob-store.ts); re-created when the configuration changes (tests).
 */
export function blobStore(): SealedBlobStore {
  const keyring = dataKeyring();
  const sealing = config.storageSealing;
  const signature = JSON.stringify([
    config.storage,
    config.storageImmutable && config.objectLockMode,
    sealing,
    keyring.storageKey.fingerprint,
  ]);
  if (!cached || cached.signature !== signature || cached.store.keyring !== keyring)
    cached = { signature, store: new SealedBlobStore(createInnerStore(), keyring, sealing) };
  return cached.store;
}

/**
 * Blob reads a bulk walk (check, backup) keeps in flight by default: an S3 GET waits on the
 * network, not on this host, so more of them overlap; local reads share the host's disk and cores.
 */
export function defaultBlobReadConcurrency(store: { name: "local" | "s3" }): number {
  return store.name === "s3" ? 16 : 8;
}
