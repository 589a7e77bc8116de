import { randomBytes } from "node:crypto";
import { sha256Hex } from "../../platform/crypto/sha256";

const KEY_PREFIX = "mak";

/** A new API key: shown once; only its SHA-256 is stored (the key has 256 bits of entropy). */
export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const prefix = randomBytes(4).toString("hex");
  const secret = randomBytes(32).toString("base64url");
  const key = `${KEY_PREFIX}_${prefix}_${secret}`;
  return { key, prefix: `${KEY_PREFIX}_${prefix}`, keyHash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}
