import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import { signInDirectoryUser, type DirectoryRefusal, type DirectoryUser } from "./sign-in-directory-user";
import type { OidcConfig } from "./sso-config";

export type OidcRefusal = "unknown_issuer" | "subject_missing" | "email_missing" | "email_not_verified" | DirectoryRefusal;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");
const claimText = (value: unknown) => (typeof value === "string" ? value : "");

/** The role claim's values: an array of strings, or one string (some providers send one group so). */
function groupsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

async function auditOidcLogin(actor: AuditActor, targetId: string, details: Record<string, unknown>): Promise<void> {
  await appendAuditEntry(db(), { actor, actionType: "LOGIN", targetType: "User", targetId, details });
}

/**
 * Signs in the holder of an ID token that next-auth has verified (signature against the issuer's
 * keys, audience, expiry, nonce; state and PKCE on the way): checks it comes from the configured
 * issuer and vouches for a verified email, then provisions or updates the user through the
 * group-to-role mapping. Every attempt writes a LOGIN entry (reason `oidc` or the refusal). A user
 * with TOTP enrolled here still owes a code (`mfaRequired`, LOGIN reason `mfa_required`) unless the
 * ID token's `amr` says the provider checked a second factor.
 */
export async function signInWithOidc(options: {
  claims: Record<string, unknown>;
  config: OidcConfig;
  ip: string;
}): Promise<{ user: DirectoryUser; mfaRequired: boolean }> {
  const { claims, config } = options;
  const email = claimText(claims.email).trim();
  const actor: AuditActor = { identifier: `oidc:${email || claimText(claims.sub)}`.slice(0, 320), ip: options.ip };
  const refuse = async (reason: OidcRefusal): Promise<never> => {
    await auditOidcLogin(actor, email || claimText(claims.sub), { success: false, reason, issuer: claimText(claims.iss) });
    throw new AppError("UNAUTHENTICATED", `Single sign-on refused: ${reason.replaceAll("_", " ")}`);
  };
  // openid-client checks `iss` against the discovered metadata; this pins it to the configured issuer too.
  if (withoutTrailingSlash(claimText(claims.iss)) !== withoutTrailingSlash(config.issuer)) await refuse("unknown_issuer");
  if (!claimText(claims.sub)) await refuse("subject_missing");
  if (!email) await refuse("email_missing");
  if (config.requireVerifiedEmail && claims.email_verified !== true) await refuse("email_not_verified");
  const signedIn = await signInDirectoryUser({
    ip: options.ip,
    identity: {
      source: "oidc",
      issuer: withoutTrailingSlash(claimText(claims.iss)),
      subject: claimText(claims.sub),
      email,
      firstName: claimText(claims.given_name) || claimText(claims.name),
      lastName: claimText(claims.family_name),
      groupClaim: config.roleClaim,
      groups: groupsOf(claims[config.roleClaim]),
    },
  });
  if ("refused" in signedIn) return refuse(signedIn.refused);
  const { user } = signedIn;
  // A TOTP enrolled here is still asked for, unless the provider says it checked a second factor itself.
  const mfaRequired = user.mfaEnabledAt !== null && !providerAssertsMfa(claims);
  await auditOidcLogin({ ...actor, userId: user.id }, user.id, {
    success: !mfaRequired,
    reason: mfaRequired ? "mfa_required" : "oidc",
    issuer: claimText(claims.iss),
    subject: claimText(claims.sub),
  });
  return { user, mfaRequired };
}

/** The ID token's `amr` (RFC 8176) includes `mfa`: the provider authenticated the user with more than one factor. */
export function providerAssertsMfa(claims: Record<string, unknown>): boolean {
  return Array.isArray(claims.amr) && claims.amr.includes("mfa");
}
