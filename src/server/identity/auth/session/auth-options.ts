import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { loginSchema } from "../auth.schemas";
import { SESSION_VERSION_CLAIM, SINGLE_SIGN_ON_CLAIM } from "../access-tokens";
import { checkCredentials, type CredentialUser } from "../login";
import { checkSecondFactor } from "../mfa/login-with-mfa";
import { createMfaChallenge } from "../mfa/mfa-challenges";
import { loginMfaSchema, MFA_REQUIRED_PREFIX, OIDC_MFA_FRAGMENT } from "../mfa/mfa.schemas";
import { config } from "../../../platform/config/env";
import { secretFromEnvOrDataDir } from "../../../platform/config/secrets";
import { AppError } from "../../../platform/errors/app-error";
import { clientIp } from "../../../platform/http/client-ip";
import { signInWithOidc } from "../../sso/sign-in-with-oidc";
import { oidcConfig, type OidcConfig } from "../../sso/sso-config";
import { unstorableStrings } from "../../../platform/validation/storable-input";
import { logger } from "../../../platform/logging/logger";

const log = logger("auth");

/** The error text the sign-in form shows for a throttled attempt (next-auth passes thrown messages on). */
export const RATE_LIMITED_SIGN_IN = "Too many failed sign-in attempts; try again later.";
/** What the sign-in form shows for any other failure: never the error's own text (database errors). */
export const SIGN_IN_FAILED = "Sign-in failed; try again later.";

/** The same AUTH_SECRET as the REST tokens, so every process on one DATA_DIR agrees. */
export function sessionSecret(): string {
  return secretFromEnvOrDataDir("AUTH_SECRET").value;
}

function headersOf(raw: unknown): Headers {
  const headers = new Headers();
  if (raw && typeof raw === "object") {
    for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
      if (typeof value === "string") headers.set(name, value);
    }
  }
  return headers;
}

/**
 * next-auth shows the message of an error thrown by `authorize` to the user, so whatever fails
 * becomes one of our own sentences (the cause is logged for the operator).
 */
export function signInFailure(error: unknown): string {
  if (error instanceof AppError && error.code === "RATE_LIMITED") return RATE_LIMITED_SIGN_IN;
  // Our own sentences: the directory is down (503), or password sign-in is off (SSO_ONLY).
  if (error instanceof AppError && (error.code === "UNAVAILABLE" || error.code === "FORBIDDEN")) return error.message;
  log.error("sign-in failed", undefined, error);
  return SIGN_IN_FAILED;
}

/** The id of the OpenID Connect provider: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

/**
 * next-auth's OpenID Connect client (openid-client): authorization code with PKCE, state and
 * nonce checked, the ID token verified against the keys the issuer's discovery document names.
 */
function oidcProvider(config: OidcConfig): OAuthConfig<Record<string, unknown>> {
  return {
    id: OIDC_PROVIDER_ID,
    name: config.displayName,
    type: "oauth",
    wellKnown: `${config.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { params: { scope: config.scopes } },
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    profile: (claims) => ({ id: String(claims.sub), email: typeof claims.email === "string" ? claims.email : null }),
  };
}

/**
 * Credentials against our users through the very login use case of POST /v1/auth/login (rate
 * limits, LOGIN audit entry), and single sign-on when OIDC_* is configured; JWT sessions that live
 * as long as a REST token. Built per request (the client address goes into the audit entries), so
 * that importing it (e.g. during `next build`) reads no secret.
 */
export function authOptions(options: { ip?: string } = {}): NextAuthOptions {
  const oidc = oidcConfig();
  const lifetime = config.authTokenTtlSeconds;
  return {
    secret: sessionSecret(),
    // Session tokens are not extended on use: a session ends when a REST token issued with it would.
    session: { strategy: "jwt", maxAge: lifetime, updateAge: lifetime },
    jwt: { maxAge: lifetime },
    pages: { signIn: "/login", signOut: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          mfaToken: { label: "MFA token", type: "hidden" },
          code: { label: "Two-factor code", type: "text" },
        },
        async authorize(credentials, request) {
          try {
            const ip = clientIp(headersOf(request?.headers));
            let user: CredentialUser;
            if (credentials?.mfaToken) {
              const input = { mfaToken: credentials.mfaToken, code: credentials.code ?? "" };
              const parsed = loginMfaSchema.safeParse(input);
              if (!parsed.success || unstorableStrings(input).length > 0) return null;
              user = await checkSecondFactor({ input: parsed.data, ip });
            } else {
              const input = { email: credentials?.email ?? "", password: credentials?.password ?? "" };
              const parsed = loginSchema.safeParse(input);
              // Invalid input is a failed sign-in, as on REST (422): nothing is looked up or audited.
              if (!parsed.success || unstorableStrings(input).length > 0) return null;
              user = await checkCredentials({ input: parsed.data, ip });
              if (user.mfaEnabledAt) throw new Error(`${MFA_REQUIRED_PREFIX}${await createMfaChallenge(user.id)}`);
            }
            return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`, sessionVersion: user.sessionVersion };
          } catch (error) {
            if (error instanceof Error && error.message.startsWith(MFA_REQUIRED_PREFIX)) throw error;
            if (error instanceof AppError && error.code === "UNAUTHENTICATED") return null;
            throw new Error(signInFailure(error));
          }
        },
      }),
      ...(oidc ? [oidcProvider(oidc)] : []),
    ],
    callbacks: {
      /** Provisions or updates the SSO user; the session then carries our user id, not the issuer's subject. */
      async signIn({ user, account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        if (!oidc || !profile) return false;
        try {
          const signedIn = await signInWithOidc({ claims: profile as Record<string, unknown>, config: oidc, ip: options.ip ?? "unknown" });
          // A locally enrolled TOTP still owed: no session yet; the sign-in form asks for the code (docs/auth.md).
          if (signedIn.mfaRequired) return `/login#${OIDC_MFA_FRAGMENT}${await createMfaChallenge(signedIn.user.id)}`;
          Object.assign(user, { id: signedIn.user.id, sessionVersion: signedIn.user.sessionVersion });
          return true;
        } catch (error) {
          if (!(error instanceof AppError && error.code === "UNAUTHENTICATED")) log.error("SSO sign-in failed", undefined, error);
          return false;
        }
      },
      // The session carries the user's session version at sign-in; every request compares it (revocation).
      jwt({ token, user, account }) {
        if (user && "sessionVersion" in user) token[SESSION_VERSION_CLAIM] = user.sessionVersion;
        if (account?.provider === OIDC_PROVIDER_ID) token[SINGLE_SIGN_ON_CLAIM] = true;
        return token;
      },
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub } } as typeof session;
      },
    },
  };
}
