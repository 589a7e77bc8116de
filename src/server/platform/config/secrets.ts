import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { makePrivateDataDirectory, writePrivateFileSync } from "../../archive/storage/private-files";
import { config, dataDir } from "./env";

/** AUTH_SECRET's file in DATA_DIR when the variable is unset. */
export const SESSION_SECRET_FILE_NAME = ".auth-secret";

/** The secret in use from the environment or the data directory, without generating one: null when there is none yet. */
export function existingSecret(envName: "AUTH_SECRET" | "ENCRYPTION_KEY", fileName: string): { value: string; fromEnv: boolean } | null {
  const fromEnv = config.secrets[envName];
  if (fromEnv) return { value: fromEnv, fromEnv: true };
  const file = path.join(dataDir(), fileName);
  return existsSync(file) ? { value: readFileSync(file, "utf8").trim(), fromEnv: false } : null;
}

/**
 * A secret from the environment, or one generated once and kept in the data directory
 * (mode 0600) so that every process sharing DATA_DIR agrees on it.
 */
export function secretFromEnvOrDataDir(
  envName: "AUTH_SECRET" | "ENCRYPTION_KEY",
  fileName: string,
  bytes = 32,
): { value: string; generated: boolean } {
  const fromEnv = config.secrets[envName];
  if (fromEnv) return { value: fromEnv, generated: false };
  const file = path.join(dataDir(), fileName);
  if (!existsSync(file)) {
    makePrivateDataDirectory();
    try {
      writePrivateFileSync(file, randomBytes(bytes).toString("base64url") + "\n", "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return { value: readFileSync(file, "utf8").trim(), generated: true };
}
