import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { rateLimited } from "../auth/login";
import { recordLoginFailure, releaseLoginAttempt, reserveLoginAttempt } from "../auth/login-throttle";
import { verifyPassword } from "../auth/passwords";
import { db } from "../../platform/db/client";
import { notFound, validationError } from "../../platform/errors/app-error";

/** What the caller proved their password for; recorded in the `REAUTHENTICATE` entry. */
export type ReauthenticationPurpose = "change_password" | "change_email" | "disable_mfa";

export type ReauthenticationFailure = "wrong_password" | "wrong_mfa_code" | "rate_limited";

const PURPOSE_TEXT: Record<ReauthenticationPurpose, string> = {
  change_password: "change the password",
  change_email: "change your own email",
  disable_mfa: "turn off two-factor authentication",
};

/**
 * The one check of a signed-in user's current password (re-authentication), for every operation
 * that asks for it: changing the password, one's own email, turning two-factor authentication off.
 * A guess is a login attempt: it reserves a slot of the same `login_throttles` keys as
 * `POST /v1/auth/login` (the account and the client address), so a stolen token or API key is no
 * faster an oracle than the login form, and a blocked key answers 429 with Retry-After, even for
 * the right password. Every failure, and every blocked attempt, writes a `REAUTHENTICATE` entry
 * with the real actor (user, API key, address), committed on its own: it outlives the caller's
 * rolled-back transaction. A right password gives the slots back without clearing the account's
 * count (only a complete sign-in does, as for a right password of an account with two-factor
 * authentication). `secondFactor` is a further check under the same attempt (a code), counted
 * like a wrong password when it answers false. The user's hash is read here, never passed in, so
 * no caller can check against anything else. 422 on `field` for a missing or wrong password.
 */
export async function assertCurrentPassword(options: {
  actor: AuditActor;
  userId: string;
  password: string | undefined;
  purpose: ReauthenticationPurpose;
  /** The body field that carried the password (`currentPassword`, or `password` when turning MFA off). */
  field?: string;
  secondFactor?: { field: string; check: () => Promise<boolean> };
}): Promise<void> {
  const field = options.field ?? "currentPassword";
  if (options.password === undefined) {
    throw validationError([{ field, message: `current password is required to ${PURPOSE_TEXT[options.purpose]}` }]);
  }
  const user = await db().user.findUnique({ where: { id: options.userId }, select: { email: true, passwordHash: true } });
  if (!user) throw notFound("User");
  const ip = options.actor.ip;
  const fail = async (reason: ReauthenticationFailure) => {
    await appendAuditEntry(db(), {
      actor: options.actor,
      actionType: "REAUTHENTICATE",
      targetType: "User",
      targetId: options.userId,
      details: { success: false, reason, purpose: options.purpose },
    });
  };
  const waitSeconds = await reserveLoginAttempt(user.email, ip);
  if (waitSeconds > 0) {
    await fail("rate_limited");
    throw rateLimited(waitSeconds);
  }
  let failure: { reason: ReauthenticationFailure; field: string; message: string } | null = null;
  try {
    if (!(await verifyPassword(user.passwordHash, options.password))) {
      failure = {
        reason: "wrong_password",
        field,
        message: field === "currentPassword" ? "current password is incorrect" : `${field} is incorrect`,
      };
    } else if (options.secondFactor && !(await options.secondFactor.check())) {
      failure = { reason: "wrong_mfa_code", field: options.secondFactor.field, message: "the code is not valid" };
    }
  } catch (error) {
    await releaseLoginAttempt(user.email, ip);
    throw error;
  }
  if (!failure) {
    await releaseLoginAttempt(user.email, ip);
    return;
  }
  await recordLoginFailure(user.email, ip);
  await fail(failure.reason);
  throw validationError([{ field: failure.field, message: failure.message }]);
}
