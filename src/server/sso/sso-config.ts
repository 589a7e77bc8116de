/** Single sign-on and directory settings from the environment (docs/configuration.md, docs/auth.md). */

const text = (name: string): string | undefined => process.env[name]?.trim() || undefined;

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  roleClaim: string;
  displayName: string;
  requireVerifiedEmail: boolean;
}

/** Null unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set. */
export function oidcConfig(): OidcConfig | null {
  const issuer = text("OIDC_ISSUER");
  const clientId = text("OIDC_CLIENT_ID");
  const clientSecret = text("OIDC_CLIENT_SECRET");
  if (!issuer || !clientId || !clientSecret) return null;
  return {
    issuer,
    clientId,
    clientSecret,
    scopes: text("OIDC_SCOPES") ?? "openid email profile",
    roleClaim: text("OIDC_ROLE_CLAIM") ?? "groups",
    displayName: text("OIDC_DISPLAY_NAME") ?? "single sign-on",
    requireVerifiedEmail: process.env.OIDC_REQUIRE_VERIFIED_EMAIL !== "false",
  };
}

export interface LdapConfig {
  url: string;
  bindDn: string | undefined;
  bindPassword: string | undefined;
  userBase: string;
  userFilter: string;
  groupAttribute: string;
  startTls: boolean;
  /** PEM file of the CA that signed the directory's certificate (ldaps:// or StartTLS); absent = the system's CAs. */
  caFile: string | undefined;
  timeoutMs: number;
}

/** Null unless LDAP_URL and LDAP_USER_BASE are set. */
export function ldapConfig(): LdapConfig | null {
  const url = text("LDAP_URL");
  const userBase = text("LDAP_USER_BASE");
  if (!url || !userBase) return null;
  const timeout = Number(text("LDAP_TIMEOUT_MS") ?? 5000);
  return {
    url,
    bindDn: text("LDAP_BIND_DN"),
    bindPassword: process.env.LDAP_BIND_PASSWORD || undefined,
    userBase,
    userFilter: text("LDAP_USER_FILTER") ?? "(mail={{email}})",
    groupAttribute: text("LDAP_GROUP_ATTRIBUTE") ?? "memberOf",
    startTls: process.env.LDAP_STARTTLS === "true",
    caFile: text("LDAP_CA_FILE"),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 5000,
  };
}

/** SSO_ONLY=true: password sign-in (local and LDAP) is refused for everyone but the break-glass account. */
export const ssoOnly = (): boolean => process.env.SSO_ONLY === "true";

/** The one local account that may sign in with its password under SSO_ONLY or while the directory is down. */
export function isBreakGlassEmail(email: string): boolean {
  const breakGlass = text("SSO_BREAK_GLASS_EMAIL");
  return breakGlass !== undefined && breakGlass.toLowerCase() === email.trim().toLowerCase();
}
