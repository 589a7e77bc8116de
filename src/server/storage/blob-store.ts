/**
 * The storage port: content-addressed blobs (raw messages and attachments). Keys are derived from
 * the SHA-256 of the bytes only, never from user input, so identical bytes are stored once and no
 * key can point outside the store.
 */
export interface BlobStore {
  readonly name: "local" | "s3";
  /** Stores `bytes` under `key` unless already present; durable (fsynced / acknowledged) when it resolves. */
  put(options: { key: string; bytes: Buffer }): Promise<void>;
  /** The bytes under `key`; rejects with BlobNotFoundError when absent. */
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; absent keys are not an error. */
  delete(key: string): Promise<void>;
  /** Whether the store holds any blob (a restore refuses a store that does). */
  hasAnyBlob(): Promise<boolean>;
  /** Removes partial writes a crash left behind (older than `olderThanMs`); returns how many. */
  sweepPartialWrites(olderThanMs: number): Promise<number>;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored blob for ${key}`);
    this.name = "BlobNotFoundError";
  }
}

const HASH = /^[0-9a-f]{64}$/;
const KEY = /^sha256\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** `sha256/ab/cd/abcd…`: two directory levels keep directories small at millions of blobs. */
export function blobKeyForHash(hash: string): string {
  if (!HASH.test(hash)) throw new Error(`Not a SHA-256 hex digest: ${hash.slice(0, 80)}`);
  return `sha256/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;
}

export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a blob key: ${key.slice(0, 120)}`);
}
