import { jwtVerify, SignJWT } from "jose";
import { config } from "../config/env";
import { secretFromEnvOrDataDir } from "../config/secrets";

let cachedKey: Uint8Array | undefined;
function signingKey(): Uint8Array {
  cachedKey ??= new TextEncoder().encode(secretFromEnvOrDataDir("AUTH_SECRET", ".auth-secret").value);
  return cachedKey;
}

export async function issueAccessToken(userId: string): Promise<{ accessToken: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + config.authTokenTtlSeconds * 1000);
  const accessToken = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setIssuer("mail-archive")
    .sign(signingKey());
  return { accessToken, expiresAt };
}

/** The user id of a valid token, or null for a malformed, forged or expired one. */
export async function verifyAccessToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"], issuer: "mail-archive" });
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}
