import { can, type AppAbility } from "../../authz/ability";
import { AppError } from "../../../platform/errors/app-error";
import type { MfaRequired } from "../../../settings/settings.schemas";
import type { Principal } from "../principal";

/** The 403 message of every request refused because the caller owes two-factor enrolment (docs/auth.md). */
export const MFA_ENROLMENT_REQUIRED_MESSAGE =
  "Two-factor authentication is required for your account: set it up first (POST /v1/auth/mfa/totp/setup, then POST /v1/auth/mfa/totp/enable)";

/**
 * Whether the `mfaRequired` setting obliges this caller to enrol before anything else. API keys are
 * exempt (separate credentials an administrator issued), and so are sessions signed in through
 * single sign-on (the identity provider enforces its own second factor); password sign-ins (local
 * or LDAP) are not.
 */
export function owesMfaEnrolment(options: {
  setting: MfaRequired;
  mfaEnabled: boolean;
  ability: AppAbility;
  via: Principal["via"];
  singleSignOn: boolean;
}): boolean {
  if (options.setting === "off" || options.mfaEnabled || options.singleSignOn) return false;
  if (options.via === "apiKey" || options.via === "system") return false;
  return options.setting === "everyone" || can(options.ability, "manage:all");
}

/** Refuses (403) a caller who owes enrolment; every transport calls it except on what enrolment needs. */
export function assertMfaEnrolmentDone(principal: Principal): void {
  if (principal.mfaEnrolmentRequired) throw new AppError("FORBIDDEN", MFA_ENROLMENT_REQUIRED_MESSAGE);
}
