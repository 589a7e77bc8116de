import { randomBytes } from "node:crypto";
import { sha256Hex } from "../../../platform/crypto/sha256";

export const RECOVERY_CODE_COUNT = 10;

/** Ten characters of Crockford's base32 in two groups (50 random bits): `7K2Q9-XM4TB`. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => ALPHABET[byte % 32]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export function hashRecoveryCode(code: string): string {
  return sha256Hex(code.replace(/[\s-]/g, "").toUpperCase());
}
