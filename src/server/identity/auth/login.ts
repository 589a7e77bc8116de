import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import { emailKey, toUserDto, userSelect, type UserRecord } from "../users/user-dto";
import type { UserDto } from "../users/users.responses";
import { issueAccessToken } from "./access-tokens";
import type { LoginInput } from "./auth.schemas";
import { isBreakGlassEmail, ssoOnly } from "../sso/sso-config";
import { checkPassword, type PasswordCheck } from "./check-password";
import { recordLoginFailure, recordLoginSuccess, releaseLoginAttempt, reserveLoginAttempt } from "./login-throttle";
import { createMfaChallenge } from "./mfa/mfa-challenges";

export interface LoginResult {
  accessToken: string;
  expiresAt: string;
  user: UserDto;
}

/** The password step's answer for an account with two-factor authentication (POST /v1/auth/login/mfa follows). */
export interface MfaRequiredResult {
  mfaRequired: true;
  mfaToken: string;
}

export type LoginAuditReason =
  PasswordCheck["reason"] | "rate_limited" | "directory_unavailable" | "password_sign_in_disabled" | "mfa_required";

/** A user whose password was just verified, with what signing them in needs. */
export interface CredentialUser extends UserRecord {
  sessionVersion: number;
  mfaEnabledAt: Date | null;
}

export const credentialUserSelect = { ...userSelect, sessionVersion: true, mfaEnabledAt: true } as const;

export async function auditLogin(actor: AuditActor, targetId: string, success: boolean, reason: string): Promise<void> {
  await appendAuditEntry(db(), { actor, actionType: "LOGIN", targetType: "User", targetId, details: { success, reason } });
}

export const rateLimited = (waitSeconds: number) =>
  new AppError("RATE_LIMITED", "Too many failed login attempts; try again later", { retryAfterSeconds: waitSeconds });

/**
 * Checks email and password (same answer for an unknown email and a wrong password, and a
 * password hash verified either way so timing tells nothing), with per-account and per-address
 * throttling. Every attempt is audited. Used by REST login and by the UI's credentials provider.
 * For an account with two-factor authentication a right password is not yet a success: the
 * account's failure count stays, so guessing codes afterwards keeps counting.
 */
export async function checkCredentials(options: { input: LoginInput; ip: string }): Promise<CredentialUser> {
  const email = options.input.email.trim();
  const actor: AuditActor = { identifier: email.slice(0, 320), ip: options.ip };
  if (ssoOnly() && !isBreakGlassEmail(email)) {
    await auditLogin(actor, email, false, "password_sign_in_disabled");
    throw new AppError("FORBIDDEN", "Password sign-in is disabled (SSO_ONLY); sign in with single sign-on or use an API key");
  }
  const user = await db().user.findUnique({
    where: { emailKey: emailKey(email) },
    select: { ...credentialUserSelect, passwordHash: true },
  });
  const targetId = user?.id ?? email;
  const waitSeconds = await reserveLoginAttempt(email, options.ip);
  if (waitSeconds > 0) {
    await auditLogin(actor, targetId, false, "rate_limited");
    throw rateLimited(waitSeconds);
  }
  let checked: PasswordCheck;
  try {
    checked = await checkPassword({ email, password: options.input.password, localUser: user, ip: options.ip });
  } catch (error) {
    await releaseLoginAttempt(email, options.ip);
    if (error instanceof AppError && error.code === "UNAVAILABLE") await auditLogin(actor, targetId, false, "directory_unavailable");
    throw error;
  }
  if (!checked.user) {
    await recordLoginFailure(email, options.ip);
    await auditLogin(actor, targetId, false, checked.reason);
    throw new AppError("UNAUTHENTICATED", checked.reason === "account_disabled" ? "This account is disabled" : "Invalid email or password");
  }
  const signedIn: CredentialUser = checked.user;
  const userActor = { identifier: signedIn.email, ip: options.ip, userId: signedIn.id };
  if (signedIn.mfaEnabledAt) {
    await releaseLoginAttempt(email, options.ip);
    await auditLogin(userActor, signedIn.id, false, "mfa_required");
    return signedIn;
  }
  await recordLoginSuccess(email, options.ip);
  await auditLogin(userActor, signedIn.id, true, checked.reason);
  return signedIn;
}

/** The login answer for a signed-in user: a token bound to their current session version. */
export async function loginResultFor(user: UserRecord & { sessionVersion: number }): Promise<LoginResult> {
  const token = await issueAccessToken({ userId: user.id, sessionVersion: user.sessionVersion });
  return { accessToken: token.accessToken, expiresAt: token.expiresAt.toISOString(), user: toUserDto(user) };
}

export async function login(options: { input: LoginInput; ip: string }): Promise<LoginResult | MfaRequiredResult> {
  const user = await checkCredentials(options);
  if (user.mfaEnabledAt) return { mfaRequired: true, mfaToken: await createMfaChallenge(user.id) };
  return loginResultFor(user);
}
