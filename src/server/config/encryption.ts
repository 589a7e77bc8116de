import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { secretFromEnvOrDataDir } from "./secrets";

const VERSION = "v1";

/**
 * The AES-256-GCM key: ENCRYPTION_KEY (any string; its SHA-256 is the key, so a passphrase or a
 * base64 key both work), else a key generated once into the data directory.
 */
function encryptionKey(): Buffer {
  const { value } = secretFromEnvOrDataDir("ENCRYPTION_KEY", "encryption.key");
  return createHash("sha256").update(value, "utf8").digest();
}

/** `v1:<iv>:<tag>:<ciphertext>` (base64url), authenticated: a tampered value fails to decrypt. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
}

export function decryptSecret(sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Unreadable encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
