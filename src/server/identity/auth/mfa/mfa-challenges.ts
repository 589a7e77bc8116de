import { randomBytes } from "node:crypto";
import { db } from "../../../platform/db/client";
import { sha256Hex } from "../../../platform/crypto/sha256";

/** How long the password step stays good for entering the code. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;

export const hashMfaToken = (token: string) => sha256Hex(token);

/** The `mfaToken` of a login whose password was right: random, stored only as its hash. */
export async function createMfaChallenge(userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db().mfaLoginChallenge.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  await db().mfaLoginChallenge.create({
    data: { tokenHash: hashMfaToken(token), userId, expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_MS) },
  });
  return token;
}
