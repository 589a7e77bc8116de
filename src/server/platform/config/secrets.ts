import { createHash, createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createPrivateFileOnceSync, makePrivateDataDirectory } from "../files/private-files";
import { config, dataDir } from "./env";

export type GeneratedSecretName = "AUTH_SECRET" | "ENCRYPTION_KEY";

/** The file in DATA_DIR that holds each secret when no environment variable provides it. */
export const GENERATED_SECRET_FILES: Record<GeneratedSecretName, string> = {
  AUTH_SECRET: ".auth-secret",
  ENCRYPTION_KEY: "encryption.key",
};

/** Where a secret comes from on this host, for messages: the variable, or the generated file's path. */
export function secretSource(envName: GeneratedSecretName): string {
  return config.secrets[envName] ? envName : path.join(dataDir(), GENERATED_SECRET_FILES[envName]);
}

/** True when the secret is neither in the environment nor in its file: reading it would generate a new one. */
export function secretWouldBeGenerated(envName: GeneratedSecretName): boolean {
  return !config.secrets[envName] && !existsSync(path.join(dataDir(), GENERATED_SECRET_FILES[envName]));
}

/** AUTH_SECRET's file in DATA_DIR when the variable is unset. */
export const SESSION_SECRET_FILE_NAME = GENERATED_SECRET_FILES.AUTH_SECRET;

/** The secret in use from the environment or the data directory, without generating one: null when there is none yet. */
export function existingSecret(envName: GeneratedSecretName): { value: string; fromEnv: boolean } | null {
  const fromEnv = config.secrets[envName];
  if (fromEnv) return { value: fromEnv, fromEnv: true };
  const file = path.join(dataDir(), GENERATED_SECRET_FILES[envName]);
  return existsSync(file) ? { value: readFileSync(file, "utf8").trim(), fromEnv: false } : null;
}

/**
 * A secret from the environment, or one generated once and kept in the data directory
 * (mode 0600) so that every process sharing DATA_DIR agrees on it. Hosts with their own
 * DATA_DIR must agree too: shared-secrets.ts checks that at every start.
 */
export function secretFromEnvOrDataDir(envName: GeneratedSecretName, bytes = 32): { value: string; generated: boolean } {
  const fromEnv = config.secrets[envName];
  if (fromEnv) return { value: fromEnv, generated: false };
  const file = path.join(dataDir(), GENERATED_SECRET_FILES[envName]);
  if (!existsSync(file)) {
    makePrivateDataDirectory();
    createPrivateFileOnceSync(file, () => randomBytes(bytes).toString("base64url") + "\n");
  }
  return { value: readFileSync(file, "utf8").trim(), generated: true };
}

/**
 * Names a secret's value without revealing it: an HMAC keyed by the value's SHA-256. One recipe for
 * every place that names the secret (the hosts' start-up check, a backup's manifest, restore's messages),
 * so an operator sees one fingerprint for one key.
 */
export function fingerprintOfSecret(envName: GeneratedSecretName, value: string): string {
  const key = createHash("sha256").update(value, "utf8").digest();
  return createHmac("sha256", key).update(`${envName} fingerprint`).digest("hex").slice(0, 16);
}

/** The fingerprint of this host's secret (generated into DATA_DIR first when it has none). */
export function secretFingerprint(envName: GeneratedSecretName): string {
  return fingerprintOfSecret(envName, secretFromEnvOrDataDir(envName).value);
}
