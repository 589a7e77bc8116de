import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { existingSecret, GENERATED_SECRET_FILES, secretFromEnvOrDataDir } from "./secrets";

/** The credentials key's file in DATA_DIR when ENCRYPTION_KEY is unset. */
export const ENCRYPTION_KEY_FILE_NAME = GENERATED_SECRET_FILES.ENCRYPTION_KEY;

/** v1: no associated data; v2: bound to a context (AES-GCM associated data, secret-binding.ts). */
const VERSION = "v1";
const BOUND_VERSION = "v2";

/**
 * The AES-256-GCM key: ENCRYPTION_KEY (any string; its SHA-256 is the key, so a passphrase or a
 * base64 key both work), else a key generated once into the data directory.
 */
function encryptionKey(): Buffer {
  const { value } = secretFromEnvOrDataDir("ENCRYPTION_KEY");
  return createHash("sha256").update(value, "utf8").digest();
}

/** The configured credentials key and where it comes from, without generating one: null when there is none yet. */
export function existingEncryptionKey(): { source: "ENCRYPTION_KEY" | "encryption.key"; value: string } | null {
  const existing = existingSecret("ENCRYPTION_KEY");
  return existing && { source: existing.fromEnv ? "ENCRYPTION_KEY" : "encryption.key", value: existing.value };
}

/**
 * `v1:<iv>:<tag>:<ciphertext>` (base64url), authenticated: a tampered value fails to decrypt. With a
 * `context` (`v2:`), the context is authenticated too: the value opens only with the same context.
 */
export function encryptSecret(plain: string, context?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  if (context !== undefined) cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [context === undefined ? VERSION : BOUND_VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
}

/**
 * Opens a value. A bound (`v2`) value opens only with the context it was sealed with; an unbound
 * (`v1`) one, written before bindings existed, opens whatever the context.
 */
export function decryptSecret(sealed: string, context?: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(":");
  const known = version === VERSION || (version === BOUND_VERSION && context !== undefined);
  if (!known || !iv || !tag || ciphertext === undefined) throw new Error("Unreadable encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  if (version === BOUND_VERSION && context !== undefined) decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
