import { attachmentsReadSync, dataKeyIdOf, isSealed, isSkeleton, openBlob, openPayload, sealBlob } from "./blob-envelope";
import { blobKeyForHash, type BlobRetention, type BlobStore } from "./blob-store";
import { buildSkeleton, rebuildMessage, skeletonReferences } from "./single-instance";
import type { DataKeyring } from "./data-keyring";
import { inOrder } from "../../platform/concurrency/in-order";

/** A skeleton's attachments read at once when it is opened (a message rarely has more). */
const ATTACHMENT_READS_IN_FLIGHT = 8;

/** A blob to store; a raw message may come with its attachments (stored as blobs of their own in the same batch or before). */
export interface SealedPut {
  key: string;
  bytes: Buffer;
  replace?: boolean;
  attachments?: { hash: string; bytes: Buffer }[];
}

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

  /**
   * `references`: where the stored bytes of a skeleton's attachments are read (the store itself; a
   * restore reads them from the backup, before they are in the store).
   */
  constructor(
    readonly inner: BlobStore,
    readonly keyring: DataKeyring,
    private readonly sealing: Sealing,
    private readonly references: { get(key: string): Promise<Buffer> } = inner,
  ) {
    const innerReadSync = inner.readSync?.bind(inner);
    if (innerReadSync) {
      const dataKey = (id: string) => this.keyring.cached(id);
      const attachment = attachmentsReadSync(innerReadSync, dataKey);
      this.readSync = (key, scratch) => openBlob(key, innerReadSync(key, scratch), dataKey, attachment);
    }
  }

  get name() {
    return this.inner.name;
  }

  /**
   * `plain` as this store writes it under `key` (sealed per the configuration). A raw message given
   * with its `attachments` (decoded, stored as blobs of their own) is stored as its skeleton when
   * that rebuilds it exactly (single-instance.ts), whole otherwise.
   */
  async seal(key: string, plain: Buffer, attachments?: { hash: string; bytes: Buffer }[]): Promise<Buffer> {
    if (!this.sealing.encrypt && !this.sealing.compress) return plain;
    const dataKey = this.sealing.encrypt ? await this.keyring.writingKey() : null;
    const skeleton = attachments?.length ? buildSkeleton(plain, attachments) : null;
    if (skeleton) return sealBlob({ key, plain: skeleton, compress: this.sealing.compress, dataKey, skeleton: true });
    return sealBlob({ key, plain, compress: this.sealing.compress, dataKey });
  }

  /** The plain bytes of `stored`, the bytes `inner` holds under `key`; BlobUnreadableError when they do not open. */
  async open(key: string, stored: Buffer): Promise<Buffer> {
    const { payload, skeleton } = await this.openStoredPayload(key, stored);
    if (!skeleton) return payload;
    const attachments = new Map<string, Buffer>();
    // Several at once: from S3 each is a round trip, and a message's attachments were read one after another.
    await inOrder(
      [...new Set(skeletonReferences(payload))],
      ATTACHMENT_READS_IN_FLIGHT,
      async (hash) => {
        const attachmentKey = blobKeyForHash(hash);
        return this.open(attachmentKey, await this.references.get(attachmentKey));
      },
      (hash, bytes) => {
        attachments.set(hash, bytes);
      },
    );
    return rebuildMessage(payload, (hash) => attachments.get(hash)!);
  }

  /** The attachments the blob under `key` refers to when it is a message skeleton (none otherwise). */
  async skeletonReferencesOf(key: string): Promise<string[]> {
    const stored = await this.inner.get(key);
    // The flag stands in the header: most blobs asked about are attachments, answered without opening.
    if (!isSkeleton(stored)) return [];
    const { payload, skeleton } = await this.openStoredPayload(key, stored);
    return skeleton ? [...new Set(skeletonReferences(payload))] : [];
  }

  /** The payload of `stored` (openPayload), its data key loaded first when it is not cached yet. */
  private async openStoredPayload(key: string, stored: Buffer): Promise<{ payload: Buffer; skeleton: boolean }> {
    const id = dataKeyIdOf(stored);
    if (id !== null) await this.keyring.dataKey(id);
    return openPayload(key, stored, (known) => this.keyring.cached(known));
  }

  /** Whether `stored` is as this store would write it now (the conversion rewrites the others). */
  isCurrent(stored: Buffer): boolean {
    if (!this.sealing.encrypt && !this.sealing.compress) return true;
    if (!isSealed(stored)) return false;
    return !this.sealing.encrypt || dataKeyIdOf(stored) !== null;
  }

  async put(options: SealedPut): Promise<void> {
    await this.putMany([options]);
  }

  /**
   * Seals and writes the blobs the store does not hold yet. A local store is asked first which it
   * holds (a stat each, synchronous as its own putMany's): an attachment that recurs across messages
   * or imports is then not compressed and encrypted again only for the store to keep its present
   * file. An S3 store checks presence in its own putMany (a request each), so it is not asked twice.
   */
  async putMany(blobs: SealedPut[]): Promise<void> {
    const sealing = this.sealing.encrypt || this.sealing.compress;
    const holds = sealing ? this.inner.holdsSync?.bind(this.inner) : undefined;
    // A sealed blob is never empty: an empty file (which the local store also rewrites) is not held.
    const present = holds ? blobs.map((blob) => !blob.replace && holds(blob.key)) : [];
    const sealed = await Promise.all(
      blobs
        .filter((_, index) => !present[index])
        .map(async ({ attachments, ...blob }) => ({ ...blob, bytes: await this.seal(blob.key, blob.bytes, attachments) })),
    );
    if (sealed.length > 0) await this.inner.putMany(sealed);
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

  retentionOfEveryCopy(key: string): Promise<BlobRetention[] | null> {
    return this.inner.retentionOfEveryCopy(key);
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
