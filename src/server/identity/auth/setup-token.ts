import { randomBytes } from "node:crypto";
import { db, type DbOrTx } from "../../platform/db/client";
import { sha256Hex } from "../../platform/crypto/sha256";

/**
 * The one-time first-run setup token (docs/configuration.md, "First run"): while no user exists,
 * each server start issues one, prints it on the console and keeps only its SHA-256, so that
 * `POST /v1/auth/setup` is not open to whoever reaches the server first. Every issued token stays
 * valid until the first administrator is created; setup then deletes them all.
 */
export function hashSetupToken(token: string): string {
  return sha256Hex(token);
}

/** Issues a new setup token: stores its hash and returns the token itself (shown once). */
export async function issueSetupToken(options: { client?: DbOrTx } = {}): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await (options.client ?? db()).setupToken.create({ data: { tokenHash: hashSetupToken(token) } });
  return token;
}
