import { jwtVerify, SignJWT } from "jose";
import { config } from "../../platform/config/env";
import { secretFromEnvOrDataDir } from "../../platform/config/secrets";

let cachedKey: Uint8Array | undefined;
function signingKey(): Uint8Array {
  cachedKey ??= new TextEncoder().encode(secretFromEnvOrDataDir("AUTH_SECRET").value);
  return cachedKey;
}

/** Who a token speaks for: the user, and their session version when it was issued (revocation). */
export interface TokenSubject {
  userId: string;
  sessionVersion: number;
}

/** The claim carrying the session version; a token without it (issued before revocation existed) counts as version 0. */
export const SESSION_VERSION_CLAIM = "sv";

/** The UI session claim set when the session was signed in through single sign-on (exempt from the two-factor requirement). */
export const SINGLE_SIGN_ON_CLAIM = "sso";

export function sessionVersionOf(payload: Record<string, unknown>): number {
  const value = payload[SESSION_VERSION_CLAIM];
  return typeof value === "number" && Number.isInteger(value) ? value : 0;
}

export async function issueAccessToken(subject: TokenSubject): Promise<{ accessToken: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + config.authTokenTtlSeconds * 1000);
  const accessToken = await new SignJWT({ [SESSION_VERSION_CLAIM]: subject.sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject.userId)
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
 * key is the whole token, so a forged or altered token never matches. Only the signature is cached:
 * whether the session version is still current (revocation) is checked against the user's row on
 * every request (`principalForUser`), so a revoked token in this map is still refused.
 */
const verifiedTokens = new Map<string, TokenSubject & { expiresAtMs: number }>();
const MAX_VERIFIED_TOKENS = 10_000;

/** The subject of a validly signed, unexpired token, or null for a malformed, forged or expired one. */
export async function verifyAccessToken(token: string): Promise<TokenSubject | null> {
  const known = verifiedTokens.get(token);
  if (known) {
    if (known.expiresAtMs > Date.now()) return { userId: known.userId, sessionVersion: known.sessionVersion };
    verifiedTokens.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"], issuer: "mail-archive" });
    if (typeof payload.sub !== "string") return null;
    const subject = { userId: payload.sub, sessionVersion: sessionVersionOf(payload) };
    if (typeof payload.exp === "number") {
      if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.clear();
      verifiedTokens.set(token, { ...subject, expiresAtMs: payload.exp * 1000 });
    }
    return subject;
  } catch {
    return null;
  }
}
