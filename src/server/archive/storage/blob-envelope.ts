import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, type BrotliOptions } from "node:zlib";
import { blobKeyForHash } from "./blob-store";
import { rebuildMessage, type RebuildOptions } from "./single-instance";
import { sha256Hex } from "../../platform/crypto/sha256";
import { releaseBuffer } from "../../platform/memory/release-buffer";

/**
 * The format of a stored blob (docs/operations.md, "Storage encryption"). A blob written before
 * sealing existed is the plain bytes; a sealed one starts with MAGIC:
 *
 *   0  8  MAGIC (\x89 M A B \r \n \x1a \n: binary, so no text message starts so)
 *   8  1  version (1)
 *   9  1  flags: 1 compressed (brotli), 2 encrypted (AES-256-GCM), 4 a message skeleton (single-instance.ts)
 *   encrypted only:
 *  10 16  the data key's id (a uuid; the key itself lives wrapped in the database)
 *  26 12  IV
 *  38 16  GCM tag
 *   …     payload: the bytes, compressed first when flag 1, encrypted when flag 2
 *
 * The GCM associated data is the header up to the IV and the blob's key, so a sealed blob moved
 * under another key, or a header altered, fails to open. The module has no other dependency than
 * Node's crypto and zlib: the export writer threads load it.
 */
export const BLOB_MAGIC = Buffer.from([0x89, 0x4d, 0x41, 0x42, 0x0d, 0x0a, 0x1a, 0x0a]);
const VERSION = 1;
const COMPRESSED = 1;
const ENCRYPTED = 2;
const SKELETON = 4;
const KEY_ID_AT = 10;
const IV_AT = 26;
const TAG_AT = 38;
const SEALED_HEADER = 54;
const PLAIN_HEADER = 10;
/** Compression is kept only when it saves more than this share (JPEG, zip, PDF streams barely shrink). */
const WORTH_COMPRESSING = 0.97;
/**
 * Brotli quality 1: on the storage corpus's skeletons and attachments it stores 1.2 % more bytes than
 * quality 4 (1.321:1 against 1.337:1) and compresses 2.7 times as fast (docs/operations.md, "Storage
 * encryption", for the figures): compression is on the import's path, and the store is far under its size target.
 */
const BROTLI_QUALITY = 1;
/**
 * A payload above this size is compressed only when its first SAMPLE_BYTES shrink by the same 3 %: the
 * decoded attachments that make most of an archive's bytes (PDF streams, DOCX and zip, JPEG, random
 * bytes) do not, and compressing them whole only to keep them as they are was most of the import's
 * compression time (docs/operations.md).
 */
const SAMPLE_ABOVE = 64 * 1024;
const SAMPLE_BYTES = 16 * 1024;

const brotliOptions = (payload: Buffer): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: payload.length },
});
/**
 * Payloads up to this size are compressed on the calling thread: zlib's asynchronous brotli costs one
 * stream and one thread-pool hop per call, 1.5-2 times the CPU of the synchronous call for a
 * message-sized payload (docs/operations.md), and a message compresses in well under a millisecond.
 * Larger ones go to libuv's thread pool, so that one big attachment does not hold the event loop.
 */
const COMPRESS_INLINE_MAX = 256 * 1024;
const brotliOffThread = promisify(brotliCompress) as (payload: Buffer, options: BrotliOptions) => Promise<Buffer>;
const brotli = (payload: Buffer): Buffer | Promise<Buffer> =>
  payload.length <= COMPRESS_INLINE_MAX
    ? brotliCompressSync(payload, brotliOptions(payload))
    : brotliOffThread(payload, brotliOptions(payload));

/** Whether compressing `payload` is worth trying: small, or its start shrinks (a sample small enough to compress in place). */
function worthTrying(payload: Buffer): boolean {
  if (payload.length <= SAMPLE_ABOVE) return true;
  const sample = payload.subarray(0, SAMPLE_BYTES);
  return brotliCompressSync(sample, brotliOptions(sample)).length < SAMPLE_BYTES * WORTH_COMPRESSING;
}

export interface DataKey {
  /** 16 bytes: the uuid of its row. */
  id: Buffer;
  key: Buffer;
}

/** A sealed blob that does not open: altered on disk, or under a key other than its own. */
export class BlobUnreadableError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`The stored blob ${key} cannot be read: ${reason}`);
    this.name = "BlobUnreadableError";
  }
}

export const uuidToBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
export const bytesToUuid = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function isSealed(stored: Buffer): boolean {
  return stored.length >= PLAIN_HEADER && stored.subarray(0, BLOB_MAGIC.length).equals(BLOB_MAGIC);
}

/** Whether `stored` is sealed as a message skeleton (single-instance.ts): its attachments are out of it already. */
export function isSkeleton(stored: Buffer): boolean {
  return isSealed(stored) && (stored[9] & SKELETON) !== 0;
}

/** The id of the data key a sealed, encrypted blob needs; null for a plain or unencrypted one. */
export function dataKeyIdOf(stored: Buffer): string | null {
  if (!isSealed(stored) || (stored[9] & ENCRYPTED) === 0 || stored.length < SEALED_HEADER) return null;
  return bytesToUuid(stored.subarray(KEY_ID_AT, IV_AT));
}

/** `plain` as stored under `key`: compressed when it pays and `compress`, encrypted under `dataKey` when given. */
export async function sealBlob(options: {
  key: string;
  plain: Buffer;
  compress: boolean;
  dataKey: DataKey | null;
  skeleton?: boolean;
}): Promise<Buffer> {
  let payload = options.plain;
  let flags = options.skeleton ? SKELETON : 0;
  if (options.compress && payload.length > 0 && worthTrying(payload)) {
    const compressed = await brotli(payload);
    if (compressed.length < payload.length * WORTH_COMPRESSING) {
      payload = compressed;
      flags |= COMPRESSED;
    }
  }
  if (!options.dataKey) return Buffer.concat([BLOB_MAGIC, Buffer.from([VERSION, flags]), payload]);
  flags |= ENCRYPTED;
  const header = Buffer.alloc(SEALED_HEADER);
  BLOB_MAGIC.copy(header);
  header[8] = VERSION;
  header[9] = flags;
  options.dataKey.id.copy(header, KEY_ID_AT);
  randomBytes(12).copy(header, IV_AT);
  const cipher = createCipheriv("aes-256-gcm", options.dataKey.key, header.subarray(IV_AT, TAG_AT));
  cipher.setAAD(associatedData(header, options.key));
  const ciphertext = Buffer.concat([cipher.update(payload), cipher.final()]);
  cipher.getAuthTag().copy(header, TAG_AT);
  return Buffer.concat([header, ciphertext]);
}

const associatedData = (header: Buffer, key: string) => Buffer.concat([header.subarray(0, TAG_AT), Buffer.from(key, "utf8")]);

/**
 * The plain bytes of a stored blob. `dataKey` answers the key of an id (undefined when unknown).
 * Bytes without the magic are a blob written before sealing, answered as they are; bytes with it
 * that do not open are still answered as they are when they hash to the key's own SHA-256 (a plain
 * blob that happens to begin with the magic), and are otherwise BlobUnreadableError.
 */
export function openBlob(
  key: string,
  stored: Buffer,
  dataKey: (id: string) => Buffer | undefined,
  attachment?: (hash: string) => Buffer,
  rebuild?: RebuildOptions,
): Buffer {
  const { payload, skeleton } = openPayload(key, stored, dataKey);
  if (!skeleton) return payload;
  if (!attachment) throw new BlobUnreadableError(key, "it is a message skeleton and its attachments were not given");
  const message = rebuildMessage(payload, attachment, rebuild);
  // A skeleton's payload is always this function's own (opened from a sealed blob), and dead once rebuilt.
  releaseBuffer(payload);
  return message;
}

/**
 * openBlob's reader of a message skeleton's attachments from a store read synchronously: each read
 * into a buffer of its own (the caller's scratch holds the skeleton), and that buffer given back
 * once opened. An attachment may be a skeleton itself (a message forwarded as message/rfc822,
 * archived before).
 */
export function attachmentsReadSync(
  readSync: (key: string, scratch: Buffer) => Buffer,
  dataKey: (id: string) => Buffer | undefined,
): (hash: string) => Buffer {
  const attachment = (hash: string): Buffer => {
    const key = blobKeyForHash(hash);
    const stored = readSync(key, Buffer.alloc(0));
    const bytes = openBlob(key, stored, dataKey, attachment);
    if (bytes.buffer !== stored.buffer) releaseBuffer(stored);
    return bytes;
  };
  return attachment;
}

/** The payload of a stored blob: its plain bytes, or (`skeleton`) the skeleton of a message. */
export function openPayload(
  key: string,
  stored: Buffer,
  dataKey: (id: string) => Buffer | undefined,
): { payload: Buffer; skeleton: boolean } {
  if (!isSealed(stored)) return { payload: stored, skeleton: false };
  try {
    return { payload: openSealed(key, stored, dataKey), skeleton: (stored[9] & SKELETON) !== 0 };
  } catch (error) {
    if (plainHashMatches(key, stored)) return { payload: stored, skeleton: false };
    throw error;
  }
}

/**
 * Text compresses three to five times: a chunk of this size holds most blobs' plain bytes whole. Never
 * below zlib's own 16 KB, so a small blob's bytes take no more memory than they did with zlib's chunks.
 */
const decompressionChunk = (compressedBytes: number) => Math.min(Math.max(compressedBytes * 6, 16 * 1024), 16 << 20);

function openSealed(key: string, stored: Buffer, dataKey: (id: string) => Buffer | undefined): Buffer {
  const flags = stored[9];
  if (stored[8] !== VERSION) throw new BlobUnreadableError(key, `unknown format version ${stored[8]}`);
  let payload: Buffer;
  if (flags & ENCRYPTED) {
    if (stored.length < SEALED_HEADER) throw new BlobUnreadableError(key, "its header is truncated");
    const id = bytesToUuid(stored.subarray(KEY_ID_AT, IV_AT));
    const secret = dataKey(id);
    if (!secret) throw new BlobUnreadableError(key, `its data key ${id} is unknown`);
    const decipher = createDecipheriv("aes-256-gcm", secret, stored.subarray(IV_AT, TAG_AT));
    decipher.setAAD(associatedData(stored, key));
    decipher.setAuthTag(stored.subarray(TAG_AT, SEALED_HEADER));
    try {
      // GCM's final() adds no bytes: it only checks the tag, and it throws before `plain` is used.
      const plain = decipher.update(stored.subarray(SEALED_HEADER));
      decipher.final();
      payload = plain;
    } catch {
      throw new BlobUnreadableError(key, "it does not authenticate (altered, or sealed under another key)");
    }
  } else {
    payload = stored.subarray(PLAIN_HEADER);
  }
  if (!(flags & COMPRESSED)) return flags & ENCRYPTED ? payload : Buffer.from(payload);
  let plain: Buffer;
  try {
    // One output chunk for most payloads: zlib's default 16 KB chunks would each be left behind as garbage.
    plain = brotliDecompressSync(payload, { chunkSize: decompressionChunk(payload.length) });
  } catch {
    throw new BlobUnreadableError(key, "its compressed bytes are damaged");
  }
  // The decrypted bytes are this function's own, and dead once decompressed.
  if (flags & ENCRYPTED) releaseBuffer(payload);
  return plain;
}

function plainHashMatches(key: string, stored: Buffer): boolean {
  const hash = key.slice(key.lastIndexOf("/") + 1);
  return sha256Hex(stored) === hash;
}
