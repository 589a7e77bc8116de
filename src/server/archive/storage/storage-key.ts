import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { config, dataDir } from "../../platform/config/env";
import { createPrivateFileOnceSync, makePrivateDataDirectory } from "../../platform/files/private-files";

/** The generated storage key's file in DATA_DIR (never copied into backups: a backup needs the key given apart). */
export const STORAGE_KEY_FILE_NAME = "storage.key";

/** The installation's storage key: it wraps the data keys that encrypt the blobs, and lives apart from them. */
export interface StorageKey {
  key: Buffer;
  /** Identifies the key without revealing it (recorded with each wrapped data key). */
  fingerprint: string;
  /** Where it came from, for error messages: `STORAGE_KEY`, `STORAGE_KEY_FILE (<path>)` or `<DATA_DIR>/storage.key`. */
  source: string;
}

/** A storage key that does not open the installation's data keys, or is missing: a clear stop, never garbage. */
export class StorageKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageKeyError";
  }
}

/** Any text is a key: its SHA-256 is the AES-256 key (a passphrase or `openssl rand -base64 32` both work). */
export function storageKeyFromText(text: string, source: string): StorageKey {
  const key = createHash("sha256").update(text.trim(), "utf8").digest();
  const fingerprint = createHmac("sha256", key).update("storage key fingerprint").digest("hex").slice(0, 16);
  return { key, fingerprint, source };
}

let cached: { signature: string; key: StorageKey } | null = null;

/**
 * The configured storage key: STORAGE_KEY, else the file STORAGE_KEY_FILE names (it must exist),
 * else DATA_DIR/storage.key, generated once (0600) when absent.
 */
export function installationStorageKey(): StorageKey {
  const { value, file } = config.storageKey;
  const signature = JSON.stringify([value, file, dataDir()]);
  if (cached?.signature === signature) return cached.key;
  let key: StorageKey;
  if (value) key = storageKeyFromText(value, "STORAGE_KEY");
  else if (file) key = storageKeyFromText(readKeyFile(file), `STORAGE_KEY_FILE (${file})`);
  else key = storageKeyFromText(generatedKeyText(), path.join(dataDir(), STORAGE_KEY_FILE_NAME));
  cached = { signature, key };
  return key;
}

/** The generated key's file, when no key is configured and that file is absent (it would be generated on first use). */
export function missingGeneratedKeyFile(): string | null {
  const { value, file } = config.storageKey;
  if (value || file) return null;
  const generated = path.join(dataDir(), STORAGE_KEY_FILE_NAME);
  return existsSync(generated) ? null : generated;
}

/** Forgets the key read (after a rotation replaced the generated file). */
export function forgetInstallationStorageKey(): void {
  cached = null;
}

export function readKeyFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new StorageKeyError(`The storage key file ${file} cannot be read (${(error as Error).message})`);
  }
  if (text.trim() === "") throw new StorageKeyError(`The storage key file ${file} is empty`);
  return text;
}

function generatedKeyText(): string {
  const file = path.join(dataDir(), STORAGE_KEY_FILE_NAME);
  if (!existsSync(file)) {
    makePrivateDataDirectory();
    createPrivateFileOnceSync(file, () => randomBytes(32).toString("base64url") + "\n");
  }
  return readKeyFile(file);
}

const wrapContext = (id: string) => Buffer.from(`storage data key ${id}`, "utf8");

/** `iv ‖ tag ‖ AES-256-GCM(dataKey)`, bound to the data key's id. */
export function wrapDataKey(storageKey: StorageKey, id: string, dataKey: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", storageKey.key, iv);
  cipher.setAAD(wrapContext(id));
  const ciphertext = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

export function unwrapDataKey(storageKey: StorageKey, row: { id: string; wrapped: Uint8Array; keyFingerprint: string }): Buffer {
  if (row.keyFingerprint !== storageKey.fingerprint) {
    throw new StorageKeyError(
      `The blob store's data key ${row.id} is wrapped by the storage key with fingerprint ${row.keyFingerprint}, ` +
        `but the configured one (${storageKey.source}) has fingerprint ${storageKey.fingerprint}: set STORAGE_KEY or ` +
        `STORAGE_KEY_FILE to the installation's key (docs/operations.md, "Storage encryption"). Without it the stored mail cannot be read.`,
    );
  }
  const wrapped = Buffer.from(row.wrapped);
  const decipher = createDecipheriv("aes-256-gcm", storageKey.key, wrapped.subarray(0, 12));
  decipher.setAAD(wrapContext(row.id));
  decipher.setAuthTag(wrapped.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]);
  } catch {
    throw new StorageKeyError(`The blob store's data key ${row.id} does not open under the configured storage key: its row was altered`);
  }
}
