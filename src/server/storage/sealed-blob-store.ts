import { dataKeyIdOf, isSealed, openBlob, sealBlob } from "./blob-envelope";
import type { BlobRetention, BlobStore } from "./blob-store";
import type { DataKeyring } from "./data-keyring";

export interface Sealing {
  encrypt: boolean;
  compress: boolean;
}

/**
 * The store every use case sees (blob-store-factory.ts): blobs are compressed and encrypted on the
 * way in (blob-envelope.ts) and opened on the way out, over the local or the S3 store (`inner`),
 * which holds the sealed bytes. Plain blobs written before sealing read as they are; the storage
 * conversion (convert-stored-blobs.ts) seals them in the background. Keys stay the SHA-256 of the
 * plain bytes, so deduplication, retention and every reference are unchanged.
 */
export class SealedBlobStore implements BlobStore {
  readonly readSync?: (key: string, scratch: Buffer) => Buffer;

  constructor(
    readonly inner: BlobStore,
    readonly keyring: DataKeyring,
    private readonly sealing: Sealing,
  ) {
    const innerReadSync = inner.readSync?.bind(inner);
    if (innerReadSync) {
      this.readSync = (key, scratch) => openBlob(key, innerReadSync(key, scratch), (id) => this.keyring.cached(id));
    }
  }

  get name() {
    return this.inner.name;
  }

  /** `plain` as this store writes it under `key` (sealed per the configuration). */
  async seal(key: string, plain: Buffer): Promise<Buffer> {
    if (!this.sealing.encrypt && !this.sealing.compress) return plain;
    const dataKey = this.sealing.encrypt ? await this.keyring.writingKey() : null;
    return sealBlob({ key, plain, compress: this.sealing.compress, dataKey });
  }

  /** The plain bytes of `stored`, the bytes `inner` holds under `key`; BlobUnreadableError when they do not open. */
  async open(key: string, stored: Buffer): Promise<Buffer> {
    const id = dataKeyIdOf(stored);
    if (id !== null) await this.keyring.dataKey(id);
    return openBlob(key, stored, (known) => this.keyring.cached(known));
  }

  /** Whether `stored` is as this store would write it now (the conversion rewrites the others). */
  isCurrent(stored: Buffer): boolean {
    if (!this.sealing.encrypt && !this.sealing.compress) return true;
    if (!isSealed(stored)) return false;
    return !this.sealing.encrypt || dataKeyIdOf(stored) !== null;
  }

  async put(options: { key: string; bytes: Buffer; replace?: boolean }): Promise<void> {
    await this.putMany([options]);
  }

  async putMany(blobs: { key: string; bytes: Buffer; replace?: boolean }[]): Promise<void> {
    const sealed = await Promise.all(blobs.map(async (blob) => ({ ...blob, bytes: await this.seal(blob.key, blob.bytes) })));
    await this.inner.putMany(sealed);
  }

  async get(key: string): Promise<Buffer> {
    return this.open(key, await this.inner.get(key));
  }

  async prepareSyncReads(): Promise<void> {
    await this.keyring.loadAll();
  }

  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }

  storedSize(key: string): Promise<number | null> {
    return this.inner.storedSize(key);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  retentionOf(key: string): Promise<BlobRetention | null> {
    return this.inner.retentionOf(key);
  }

  setRetention(key: string, retention: BlobRetention): Promise<void> {
    return this.inner.setRetention(key, retention);
  }

  hasAnyBlob(): Promise<boolean> {
    return this.inner.hasAnyBlob();
  }

  sweepPartialWrites(olderThanMs: number): Promise<number> {
    return this.inner.sweepPartialWrites(olderThanMs);
  }
}
