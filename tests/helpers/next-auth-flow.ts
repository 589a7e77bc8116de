import { createRequire } from "node:module";
import path from "node:path";
import type { NextAuthOptions } from "next-auth";
import { decode } from "next-auth/jwt";
import { authOptions, OIDC_PROVIDER_ID, sessionSecret } from "../../src/server/identity/auth/session/auth-options";
import { withEnv } from "./with-env";

/**
 * next-auth's framework-free core, the one its Next.js route handler calls with the request's
 * parts (that handler reads next/headers, which needs a running Next.js). Not in the package's
 * exports, so it is loaded by file.
 */
interface AuthCoreResponse {
  status?: number;
  body?: unknown;
  redirect?: string;
  cookies?: { name: string; value: string }[];
}
type AuthCore = (params: { req: Record<string, unknown>; options: NextAuthOptions }) => Promise<AuthCoreResponse>;
const requireFromHere = createRequire(import.meta.url);
const { AuthHandler } = requireFromHere(path.join(path.dirname(requireFromHere.resolve("next-auth")), "core", "index.js")) as {
  AuthHandler: AuthCore;
};

/** The origin next-auth runs on in these tests (NEXTAUTH_URL); the provider must list its callback. */
export const APP_ORIGIN = "http://localhost:3000";
export const OIDC_CALLBACK_URL = `${APP_ORIGIN}/api/auth/callback/${OIDC_PROVIDER_ID}`;

class CookieJar {
  readonly values = new Map<string, string>();
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  absorbSetCookie(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair.indexOf("=");
      this.values.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }
}

export interface OidcSignInOutcome {
  /** Where next-auth sent the browser after the callback (the error page on a refusal). */
  redirect: string;
  /** The user id the new session cookie carries; null when no session was made. */
  sessionUserId: string | null;
}

/**
 * Signs in through next-auth's OIDC provider as a browser would: next-auth's sign-in redirect (with
 * its state, nonce and PKCE cookies), the provider's own login form submitted as `login`, then the
 * callback with the code — all through the real next-auth core and the real provider.
 */
export function signInThroughOidc(login: string, ip = "127.0.0.1"): Promise<OidcSignInOutcome> {
  // next-auth reads its origin from NEXTAUTH_URL while it answers: set for the sign-in only.
  return withEnv({ NEXTAUTH_URL: APP_ORIGIN }, () => signInWithNextAuth(login, ip));
}

async function signInWithNextAuth(login: string, ip: string): Promise<OidcSignInOutcome> {
  const appCookies = new Map<string, string>();
  const app = async (
    action: "csrf" | "signin" | "callback",
    method: string,
    extra: { query?: Record<string, string>; body?: Record<string, string> },
  ) => {
    const response = await AuthHandler({
      req: {
        origin: APP_ORIGIN,
        method,
        action,
        providerId: action === "csrf" ? undefined : OIDC_PROVIDER_ID,
        cookies: Object.fromEntries(appCookies),
        headers: {},
        ...extra,
      },
      options: authOptions({ ip }),
    });
    for (const cookie of response.cookies ?? []) appCookies.set(cookie.name, cookie.value);
    return response;
  };
  const csrf = await app("csrf", "GET", {});
  const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
  const started = await app("signin", "POST", { body: { csrfToken, callbackUrl: `${APP_ORIGIN}/dashboard`, json: "true" } });
  let location = started.redirect ?? (started.body as { url?: string } | undefined)?.url;
  if (!location) throw new Error(`next-auth did not redirect to the provider: ${JSON.stringify(started)}`);

  const providerCookies = new CookieJar();
  for (let hop = 0; hop < 10 && !location.startsWith(OIDC_CALLBACK_URL); hop++) {
    const response: Response = await fetch(location, { redirect: "manual", headers: { cookie: providerCookies.header() } });
    providerCookies.absorbSetCookie(response.headers);
    if (response.status >= 300 && response.status < 400) {
      location = new URL(response.headers.get("location")!, location).toString();
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action || !page.includes('name="login"')) throw new Error(`unexpected provider page (${response.status}): ${page.slice(0, 500)}`);
    const submitted: Response = await fetch(new URL(action, location), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: providerCookies.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login, password: "any" }).toString(),
    });
    providerCookies.absorbSetCookie(submitted.headers);
    location = new URL(submitted.headers.get("location")!, location).toString();
  }
  if (!location.startsWith(OIDC_CALLBACK_URL)) throw new Error(`the provider never came back: ${location}`);
  const callback = await app("callback", "GET", { query: Object.fromEntries(new URL(location).searchParams) });
  const sessionCookie = appCookies.get("next-auth.session-token");
  const session = sessionCookie ? await decode({ token: sessionCookie, secret: sessionSecret() }) : null;
  return { redirect: callback.redirect ?? "", sessionUserId: typeof session?.sub === "string" ? session.sub : null };
}
