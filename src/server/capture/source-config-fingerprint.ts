import { sha256Hex } from "../platform/crypto/sha256";
import { canonicalJson } from "../audit/canonical-json";

/**
 * The one fingerprint of where a source's stored config points: SHA-256 of the canonical JSON of its
 * provider and stored config, the sealed secret's ciphertext included (re-entering a password seals
 * it afresh, so even the same password gives another fingerprint). A background job that was asked
 * for with one destination (a bulk restore) compares it when it runs and refuses a changed one.
 */
export function sourceConfigFingerprint(source: { provider: string; config: unknown }): string {
  return sha256Hex(canonicalJson({ provider: source.provider, config: source.config }));
}
