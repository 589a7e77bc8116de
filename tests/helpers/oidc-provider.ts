import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import { freePort } from "./free-port";

/**
 * A real OpenID provider (npm `oidc-provider`, the certified implementation) for tests, on a free
 * loopback port, with its own login form (its development interactions: the login names the
 * account) and consent granted up front, as for a first-party client. `misbehave` makes the
 * server itself misbehave the way an attacker in the middle would, to test what the client refuses.
 */
export interface OidcTestUser {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName: string;
  familyName: string;
  groups: string[];
}

export interface OidcMisbehaviour {
  /** Changes the ID token's payload (keeping its signature) in the token endpoint's answer. */
  tamperIdToken?: boolean;
  /** Replaces the nonce the client sent in its authorization request. */
  replaceNonce?: boolean;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, OidcTestUser>;
  misbehave: OidcMisbehaviour;
  /** The environment that points the application at this provider. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

function tamperedTokenResponse(body: string): string {
  const answer = JSON.parse(body) as { id_token?: string };
  if (!answer.id_token) return body;
  const [header, payload, signature] = answer.id_token.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  claims.groups = ["archive-admins"];
  answer.id_token = [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
  return JSON.stringify(answer);
}

/** Rewrites the token endpoint's JSON before it is sent (Koa ends the response with the whole body). */
function interceptTokenAnswer(response: ServerResponse): void {
  const end = response.end.bind(response) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === "string" || Buffer.isBuffer(chunk)) {
      const body = tamperedTokenResponse(chunk.toString());
      response.setHeader("content-length", Buffer.byteLength(body));
      return end(body, ...rest);
    }
    return end(chunk, ...rest);
  }) as ServerResponse["end"];
}

export async function startOidcProvider(options: {
  users: OidcTestUser[];
  redirectUris: string[];
  host?: string;
  port?: number;
}): Promise<OidcTestProvider> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? (await freePort(host));
  const issuer = `http://${host}:${port}`;
  const clientId = "mail-archive";
  const clientSecret = "mail-archive-test-secret-0123456789";
  const users = new Map(options.users.map((user) => [user.sub, user]));
  const misbehave: OidcMisbehaviour = {};
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    scopes: ["openid", "email", "profile", "groups"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"], groups: ["groups"] },
    // Real providers put the role claim in the ID token when asked to (Keycloak's mapper, Entra's groups claim).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["oidc-test-provider-cookie-key"] },
    async findAccount(_context: KoaContextWithOIDC, sub: string) {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified ?? true,
          name: `${user.givenName} ${user.familyName}`,
          given_name: user.givenName,
          family_name: user.familyName,
          groups: user.groups,
        }),
      };
    },
    async loadExistingGrant(context: KoaContextWithOIDC) {
      const session = context.oidc.session;
      const client = context.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new context.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile groups");
      await grant.save();
      return grant;
    },
  });
  provider.on("server_error", (_context: unknown, error: Error) => console.error("[oidc test provider]", error));
  const handle = provider.callback();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", issuer);
    if (misbehave.replaceNonce && url.pathname === "/auth" && url.searchParams.has("nonce")) {
      url.searchParams.set("nonce", "a-nonce-the-client-never-sent");
      request.url = url.pathname + url.search;
    }
    if (misbehave.tamperIdToken && url.pathname === "/token") interceptTokenAnswer(response);
    // oidc-provider answers the response itself, its errors included.
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    users,
    misbehave,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_SCOPES: "openid email profile groups",
      OIDC_DISPLAY_NAME: "Test IdP",
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
