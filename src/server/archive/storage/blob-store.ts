/**
 * The storage port: content-addressed blobs (raw messages and attachments). Keys are derived from
 * the SHA-256 of the bytes only, never from user input, so identical bytes are stored once and no
 * key can point outside the store.
 */
export interface BlobStore {
  readonly name: "local" | "s3";
  /**
   * Stores `bytes` under `key` unless already present (`replace`: even then, atomically: the storage
   * conversion rewrites a plain blob sealed); durable (fsynced / acknowledged) when it resolves.
   */
  put(options: { key: string; bytes: Buffer; replace?: boolean }): Promise<void>;
  /** Stores several blobs as `put` does each; all durable when it resolves (the store batches what it can). */
  putMany(blobs: { key: string; bytes: Buffer; replace?: boolean }[]): Promise<void>;
  /** The bytes under `key`; rejects with BlobNotFoundError when absent. */
  get(key: string): Promise<Buffer>;
  /**
   * The bytes under `key`, read synchronously into `scratch` when they fit (else a new buffer):
   * the answer is a view that the next read into `scratch` overwrites. Only stores on a local disk
   * have it. Bulk readers (exports) use it in slices: a page-cached read is then a few system calls,
   * with no thread-pool round trip and no fresh allocation per blob. Throws BlobNotFoundError when absent.
   */
  readSync?(key: string, scratch: Buffer): Buffer;
  /**
   * Whether a non-empty blob is stored under `key`, asked synchronously (a stat): only stores on a
   * local disk have it, where a stat takes microseconds and a thread-pool round trip costs more.
   */
  holdsSync?(key: string): boolean;
  /** Makes `readSync` ready for every blob written so far (the sealed store loads its data keys). */
  prepareSyncReads?(): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The bytes `key` takes in the store (its file's or object's size); null when absent. */
  storedSize(key: string): Promise<number | null>;
  /** Removes `key`; absent keys are not an error. In immutability mode a retained blob is refused (BlobRetainedError). */
  delete(key: string): Promise<void>;
  /**
   * The retention `key` carries (docs/retention.md "Immutable storage"); null when the blob is absent.
   * Where the store keeps several copies of a key (an S3 bucket's versions), the strongest any copy
   * carries: what a deletion must respect.
   */
  retentionOf(key: string): Promise<BlobRetention | null>;
  /**
   * The retention of each stored copy of `key` (one per version of an S3 object, else one); null when
   * the blob is absent. `check` compares every copy: one left unlocked could be deleted.
   */
  retentionOfEveryCopy(key: string): Promise<BlobRetention[] | null>;
  /**
   * Lengthens `key`'s retain-until to `retention.retainUntil` (never shortens it; null changes
   * nothing) and sets or clears its legal hold. Absent blobs are not an error.
   */
  setRetention(key: string, retention: BlobRetention): Promise<void>;
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

/** How long a blob must stay: until `retainUntil` (null: no date) and, while `legalHold`, indefinitely. */
export interface BlobRetention {
  retainUntil: Date | null;
  legalHold: boolean;
}

export const NO_RETENTION: BlobRetention = { retainUntil: null, legalHold: false };

export function isRetained(retention: BlobRetention, now = new Date()): boolean {
  return retention.legalHold || (retention.retainUntil !== null && retention.retainUntil > now);
}

export function describeRetention(retention: BlobRetention): string {
  const until = retention.retainUntil ? `retained until ${retention.retainUntil.toISOString()}` : "retained by no date";
  return retention.legalHold ? `under legal hold (${until})` : until;
}

/** The later of two retain-until dates: retention is only ever lengthened. */
export function laterDate(a: Date | null, b: Date | null): Date | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

export class BlobRetainedError extends Error {
  constructor(
    readonly key: string,
    readonly retention: BlobRetention,
  ) {
    super(`The stored blob ${key} is ${describeRetention(retention)} (STORAGE_IMMUTABLE) and cannot be deleted or overwritten`);
    this.name = "BlobRetainedError";
  }
}

const HASH = /^[0-9a-f]{64}$/;
const KEY = /^sha256\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** `sha256/ab/cd/abcd…`: two directory levels keep directories small at millions of blobs. */
export function blobKeyForHash(hash: string): string {
  if (!HASH.test(hash)) throw new Error(`Not a SHA-256 hex digest: ${hash.slice(0, 80)}`);
  return `sha256/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;
}

export function isBlobKey(key: string): boolean {
  return KEY.test(key);
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`Not a blob key: ${key.slice(0, 120)}`);
}
