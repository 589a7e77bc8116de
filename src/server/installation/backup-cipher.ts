import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";

/**
 * The encryption of a backup's own files (docs/operations.md, "What a stolen backup reveals"): every
 * file but the manifest and the (already sealed) blobs is AES-256-GCM in fixed-size authenticated
 * segments, under a key derived from the storage key, so a stolen backup reads as noise and any
 * changed, dropped, reordered or appended byte fails the restore.
 *
 * A sealed file is `MAGIC ‖ prefix(8)` and then segments of `ciphertext(≤ SEGMENT_BYTES) ‖ tag(16)`.
 * Segment n is sealed with the nonce `prefix ‖ n` (32-bit big-endian; the prefix is random per file)
 * and the associated data `context ‖ 0x00 ‖ final flag`, where the context names the backup and the
 * file: a segment moved to another place, file or backup does not open, and only the last segment
 * carries the final flag, so a file cut at a segment boundary does not open either.
 */
const MAGIC = Buffer.from("MABKSEG1", "ascii");
const PREFIX_BYTES = 8;
const HEADER_BYTES = MAGIC.length + PREFIX_BYTES;
const TAG_BYTES = 16;
export const SEGMENT_BYTES = 64 * 1024;
const MAX_SEGMENTS = 2 ** 32;

/** A sealed part of a backup that does not open: altered, truncated, reordered, or another key. */
export class BackupDamagedError extends Error {}

export interface BackupKeys {
  /** Seals the database tables and the blob list. */
  files: Buffer;
  /** Authenticates the manifest (an HMAC over its text). */
  manifest: Buffer;
  /** Wraps the keys a backup carries (the credentials key). */
  wrapping: Buffer;
}

/** The keys of one backup: HKDF-SHA256 of the storage key with the backup's random salt, one per purpose. */
export function deriveBackupKeys(storageKey: Buffer, salt: Buffer): BackupKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", storageKey, salt, `mail-archive backup: ${purpose}`, 32));
  return { files: derive("files"), manifest: derive("manifest"), wrapping: derive("wrapped keys") };
}

export const newBackupSalt = () => randomBytes(32);

const nonceFor = (prefix: Buffer, index: number) => {
  if (index >= MAX_SEGMENTS) throw new Error("A backup file exceeds 2^32 segments");
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, PREFIX_BYTES);
  return nonce;
};
const aadFor = (context: string, final: boolean) => Buffer.concat([Buffer.from(context, "utf8"), Buffer.from([0, final ? 1 : 0])]);

/** A stream that seals what passes through it; `context` names the backup and the file (bound into every segment). */
export function sealingStream(key: Buffer, context: string): Transform {
  const prefix = randomBytes(PREFIX_BYTES);
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  let started = false;
  const seal = (plain: Buffer, final: boolean): Buffer => {
    const cipher = createCipheriv("aes-256-gcm", key, nonceFor(prefix, index++));
    cipher.setAAD(aadFor(context, final));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    if (started) return sealed;
    started = true;
    return Buffer.concat([MAGIC, prefix, sealed]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      // A segment is sealed as not final only once more data follows it.
      while (pending.length > SEGMENT_BYTES) {
        this.push(seal(pending.subarray(0, SEGMENT_BYTES), false));
        pending = pending.subarray(SEGMENT_BYTES);
      }
      done();
    },
    flush(done: TransformCallback) {
      this.push(seal(pending, true));
      done();
    },
  });
}

/** The inverse of sealingStream: errors with BackupDamagedError (naming `label`) on the first segment that does not open. */
export function openingStream(key: Buffer, context: string, label: string): Transform {
  const sealedSegment = SEGMENT_BYTES + TAG_BYTES;
  let pending: Buffer = Buffer.alloc(0);
  let prefix: Buffer | null = null;
  let index = 0;
  const damaged = (why: string) => new BackupDamagedError(`The backup is damaged: ${label} does not open (${why})`);
  const open = (sealed: Buffer, final: boolean): Buffer => {
    if (sealed.length < TAG_BYTES) throw damaged("it is cut short");
    const decipher = createDecipheriv("aes-256-gcm", key, nonceFor(prefix!, index));
    decipher.setAAD(aadFor(context, final));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
      index++;
      return plain;
    } catch {
      throw damaged(`segment ${index} was altered, moved, or the file was cut short`);
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        if (!prefix) {
          if (pending.length < HEADER_BYTES) return done();
          if (!pending.subarray(0, MAGIC.length).equals(MAGIC)) throw damaged("it is not a sealed backup file");
          prefix = Buffer.from(pending.subarray(MAGIC.length, HEADER_BYTES));
          pending = pending.subarray(HEADER_BYTES);
        }
        while (pending.length > sealedSegment) {
          this.push(open(pending.subarray(0, sealedSegment), false));
          pending = pending.subarray(sealedSegment);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!prefix) throw damaged("it is cut short");
        this.push(open(pending, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** `iv ‖ tag ‖ AES-256-GCM(secret)` (base64), bound to `context`. */
export function wrapForBackup(key: Buffer, context: string, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64");
}

export function unwrapFromBackup(key: Buffer, context: string, wrapped: string, label: string): Buffer {
  const bytes = Buffer.from(wrapped, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  } catch {
    throw new BackupDamagedError(`The backup is damaged: its wrapped ${label} does not open (altered)`);
  }
}

/**
 * Recognises the backed-up installation's session secret without revealing it (not even to a
 * dictionary, without the storage key): a restore refuses to go on with the same secret, whose old
 * sessions would stay valid.
 */
export const sessionSecretTag = (keys: BackupKeys, secret: string) =>
  createHmac("sha256", keys.manifest).update(`session secret\0${secret}`, "utf8").digest("hex");

/** HMAC-SHA256 (hex) of the manifest's text without its `authentication` field. */
export const manifestMac = (key: Buffer, text: string) => createHmac("sha256", key).update(text, "utf8").digest("hex");

export function macMatches(key: Buffer, text: string, mac: string): boolean {
  const expected = Buffer.from(manifestMac(key, text), "hex");
  const given = Buffer.from(mac, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
