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

/**
 * Tokens whose signature was already checked, with their subject and expiry: an API client sends
 * the same token with every request, and the HMAC check through WebCrypto was a measurable share
 * of a request's CPU. Only verified tokens get in, the expiry is still checked on every use, and the
 * key is the whole token, so a forged or altered token never matches.
 */
const verifiedTokens = new Map<string, { userId: string; expiresAtMs: number }>();
const MAX_VERIFIED_TOKENS = 10_000;

/** The user id of a valid token, or null for a malformed, forged or expired one. */
export async function verifyAccessToken(token: string): Promise<string | null> {
  const known = verifiedTokens.get(token);
  if (known) {
    if (known.expiresAtMs > Date.now()) return known.userId;
    verifiedTokens.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"], issuer: "mail-archive" });
    if (typeof payload.sub !== "string") return null;
    if (typeof payload.exp === "number") {
      if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.clear();
      verifiedTokens.set(token, { userId: payload.sub, expiresAtMs: payload.exp * 1000 });
    }
    return payload.sub;
  } catch {
    return null;
  }
}
