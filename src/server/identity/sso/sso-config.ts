import { config } from "../../platform/config/env";

/** Single sign-on and directory settings from the environment (docs/configuration.md, docs/auth.md). */

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
  return config.oidc;
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
  return config.ldap;
}

/** SSO_ONLY=true: password sign-in (local and LDAP) is refused for everyone but the break-glass account. */
export const ssoOnly = (): boolean => config.ssoOnly;

/** The one local account that may sign in with its password under SSO_ONLY or while the directory is down. */
export function isBreakGlassEmail(email: string): boolean {
  const breakGlass = config.ssoBreakGlassEmail;
  return breakGlass !== undefined && breakGlass.toLowerCase() === email.trim().toLowerCase();
}
