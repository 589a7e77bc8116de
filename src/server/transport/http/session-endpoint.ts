import { AppError } from "../../platform/errors/app-error";
import { isOwnOrigin, sessionPrincipal, uiSessionPrincipal } from "../../identity/auth/session/session";
import type { AnyOperation, HttpMethod, HttpOperation } from "../../api/operation";
import { bindRoutes, boundEndpoint, type CallerResolver, type RouteHandler } from "./rest-endpoint";

/** What a browser says of where a request comes from that may carry the session cookie (Sec-Fetch-Site). */
const OWN_SITE_FETCHES = new Set(["same-origin", "none"]);

/**
 * Refuses (403) a request another site made the browser send. The session cookie goes along with a
 * link or a redirect from anywhere (SameSite=Lax lets top-level navigations through), and a
 * download writes a DOWNLOAD entry in the chain of custody in the user's name; but the browser
 * says where the request comes from. Sec-Fetch-Site (every current browser, over HTTPS and on
 * localhost) must be `same-origin` (our own pages) or `none` (typed, bookmarked, opened from
 * another application); `cross-site` and `same-site` (a sibling host) are refused, and so is an
 * Origin that is not ours ("null": a sandboxed document, such as an attachment we serve).
 * Without either header (curl; a browser over plain HTTP to another host) nothing is refused:
 * serve the UI over HTTPS (docs/auth.md).
 */
export function assertNotCrossSite(headers: Headers): void {
  const refuse = (why: string) => new AppError("FORBIDDEN", `Cross-site request refused (${why}): open it from the archive's own pages`);
  const site = headers.get("sec-fetch-site")?.toLowerCase();
  if (site !== undefined && !OWN_SITE_FETCHES.has(site)) throw refuse(`Sec-Fetch-Site: ${site}`);
  const origin = headers.get("origin");
  if (origin !== null && !isOwnOrigin(headers, origin)) throw refuse(`Origin: ${origin}`);
}

/** The session caller: cross-site requests refused; a state-changing one must also come from our pages. */
function sessionCaller(changesState: boolean): CallerResolver {
  return async (request, ip) => {
    assertNotCrossSite(request.headers);
    const principal = changesState
      ? await uiSessionPrincipal(request.headers, ip)
      : await sessionPrincipal(request.headers.get("cookie"), ip);
    if (!principal) throw new AppError("UNAUTHENTICATED", "Sign in first");
    return principal;
  };
}

/**
 * Binds HTTP operations to their UI route (downloads, streamed uploads under /api/ui) authenticated by
 * the session cookie, with the same pipeline as `restRoute()`. Uploads (`rawBody`) change state.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every declaration binds; each keeps its own types
export function uiRoute(...operations: HttpOperation<any, any, any, any, any>[]): Record<HttpMethod, RouteHandler> {
  return bindRoutes(
    operations,
    (operation) => (operation.kind === "http" ? operation.ui : undefined),
    (operation: AnyOperation) =>
      boundEndpoint({ operation, credentials: "session" }, sessionCaller(operation.kind === "http" && operation.rawBody === true)),
  );
}
