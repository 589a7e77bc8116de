import { decode, encode } from "next-auth/jwt";
import { SESSION_VERSION_CLAIM, SINGLE_SIGN_ON_CLAIM, sessionVersionOf, type TokenSubject } from "../access-tokens";
import { principalForUser } from "../authenticate";
import type { Principal } from "../principal";
import { sessionSecret } from "./auth-options";
import { UI_REQUEST_HEADER, UI_REQUEST_HEADER_VALUE } from "../../../platform/http/ui-request-header";

/** next-auth's cookie names (the __Secure- one when NEXTAUTH_URL is https); large tokens come in .0, .1 chunks. */
const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

function sessionToken(cookies: Map<string, string>): string | null {
  for (const name of SESSION_COOKIES) {
    if (cookies.has(name)) return cookies.get(name)!;
    const chunks = [...cookies.keys()]
      .filter((key) => key.startsWith(`${name}.`))
      .sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
    if (chunks.length > 0) return chunks.map((key) => cookies.get(key)).join("");
  }
  return null;
}

/** The user, session version and sign-in kind of a valid, unexpired next-auth session cookie in `cookieHeader`, else null. */
export async function sessionSubject(cookieHeader: string | null): Promise<(TokenSubject & { singleSignOn: boolean }) | null> {
  const token = sessionToken(parseCookies(cookieHeader));
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: sessionSecret() });
    if (typeof payload?.sub !== "string") return null;
    return { userId: payload.sub, sessionVersion: sessionVersionOf(payload), singleSignOn: payload[SINGLE_SIGN_ON_CLAIM] === true };
  } catch {
    return null;
  }
}

/** The session's caller, reloaded from the database on every request (a deleted, disabled or revoked user gets null). */
export async function sessionPrincipal(cookieHeader: string | null, ip: string): Promise<Principal | null> {
  const subject = await sessionSubject(cookieHeader);
  return subject
    ? principalForUser(subject.userId, ip, "session", { sessionVersion: subject.sessionVersion, singleSignOn: subject.singleSignOn })
    : null;
}

/**
 * A cookie-authenticated request must prove it comes from our own pages: it carries the custom
 * header (which a cross-site form cannot send and a cross-site script cannot send without a CORS
 * preflight we never grant) and, when the browser names an Origin, that origin is this host.
 */
export function isUiRequest(headers: Headers): boolean {
  if (headers.get(UI_REQUEST_HEADER) !== UI_REQUEST_HEADER_VALUE) return false;
  const origin = headers.get("origin");
  return !origin || isOwnOrigin(headers, origin);
}

/** True when `origin` (an Origin header's value) is this host; "null" and anything unparsable are not. */
export function isOwnOrigin(headers: Headers, origin: string): boolean {
  try {
    const host = headers.get("x-forwarded-host") ?? headers.get("host");
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The principal for a UI request's session cookie, or null (no cookie, bad cookie, or not a UI request). */
export function uiSessionPrincipal(headers: Headers, ip: string): Promise<Principal | null> {
  if (!isUiRequest(headers)) return Promise.resolve(null);
  return sessionPrincipal(headers.get("cookie"), ip);
}

/**
 * Moves the UI session of a response's request to the session version its own credential change
 * set (`Principal.sessionRenewal`, from `revokeUserSessions`): the same session, same expiry, with
 * the new version, as a Set-Cookie on `response`. Every other session of the user stays ended. A
 * session in chunked cookies is not renewed (it ends like the others; ours are far too small to be).
 */
export async function renewSessionCookie(request: Request, response: Response, principal: Principal | null | undefined): Promise<void> {
  const renewal = principal?.via === "session" ? principal.sessionRenewal : undefined;
  if (!renewal) return;
  const cookies = parseCookies(request.headers.get("cookie"));
  const name = SESSION_COOKIES.find((cookie) => cookies.has(cookie));
  if (!name) return;
  try {
    const payload = await decode({ token: cookies.get(name)!, secret: sessionSecret() });
    const secondsLeft = typeof payload?.exp === "number" ? Math.floor(payload.exp - Date.now() / 1000) : 0;
    if (!payload || payload.sub !== principal!.userId || secondsLeft <= 0) return;
    const token = await encode({
      token: { ...payload, [SESSION_VERSION_CLAIM]: renewal.sessionVersion },
      secret: sessionSecret(),
      maxAge: secondsLeft,
    });
    const secure = name.startsWith("__Secure-") ? "; Secure" : "";
    response.headers.append("set-cookie", `${name}=${token}; Path=/; Max-Age=${secondsLeft}; HttpOnly; SameSite=Lax${secure}`);
  } catch {
    // An unreadable cookie cannot have made the change; nothing to renew.
  }
}
