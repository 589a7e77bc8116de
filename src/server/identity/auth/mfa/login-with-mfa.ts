import { db, transaction } from "../../../platform/db/client";
import { AppError } from "../../../platform/errors/app-error";
import { auditLogin, credentialUserSelect, loginResultFor, rateLimited, type CredentialUser, type LoginResult } from "../login";
import { recordLoginFailure, recordLoginSuccess, releaseLoginAttempt, reserveLoginAttempt } from "../login-throttle";
import { acceptSecondFactor, type SecondFactor } from "./accept-second-factor";
import { hashMfaToken } from "./mfa-challenges";
import type { LoginMfaInput } from "./mfa.schemas";

const invalidMfaToken = () => new AppError("UNAUTHENTICATED", "Invalid or expired MFA token; sign in again");

class WrongCode extends Error {}

/**
 * The second step of a login with two-factor authentication: the mfaToken of the password step
 * and a TOTP or recovery code. The token is consumed by the success (single use) and stays for
 * another try after a wrong code until it expires; every wrong code counts toward the same login
 * throttle as wrong passwords, so codes cannot be guessed faster than passwords.
 */
export async function checkSecondFactor(options: { input: LoginMfaInput; ip: string }): Promise<CredentialUser> {
  const tokenHash = hashMfaToken(options.input.mfaToken);
  const challenge = await db().mfaLoginChallenge.findUnique({
    where: { tokenHash },
    select: { expiresAt: true, user: { select: { ...credentialUserSelect, totpSecret: true } } },
  });
  if (!challenge || challenge.expiresAt.getTime() <= Date.now() || !challenge.user.totpSecret) throw invalidMfaToken();
  const { totpSecret, ...user } = challenge.user;
  const actor = { identifier: user.email, ip: options.ip, userId: user.id };
  const waitSeconds = await reserveLoginAttempt(user.email, options.ip);
  if (waitSeconds > 0) {
    await auditLogin(actor, user.id, false, "rate_limited");
    throw rateLimited(waitSeconds);
  }
  let factor: SecondFactor | "token_used";
  try {
    factor = await transaction(async (tx) => {
      const consumed = await tx.mfaLoginChallenge.deleteMany({ where: { tokenHash, expiresAt: { gt: new Date() } } });
      if (consumed.count !== 1) return "token_used" as const;
      const accepted = await acceptSecondFactor(tx, { id: user.id, totpSecret }, options.input.code);
      if (!accepted) throw new WrongCode();
      return accepted;
    });
  } catch (error) {
    if (!(error instanceof WrongCode)) throw error;
    await recordLoginFailure(user.email, options.ip);
    await auditLogin(actor, user.id, false, "wrong_mfa_code");
    throw new AppError("UNAUTHENTICATED", "Invalid two-factor code");
  }
  if (factor === "token_used") {
    await releaseLoginAttempt(user.email, options.ip);
    throw invalidMfaToken();
  }
  if (user.disabledAt) {
    await recordLoginFailure(user.email, options.ip);
    await auditLogin(actor, user.id, false, "account_disabled");
    throw new AppError("UNAUTHENTICATED", "This account is disabled");
  }
  await recordLoginSuccess(user.email, options.ip);
  await auditLogin(actor, user.id, true, factor === "totp" ? "valid_totp_code" : "valid_recovery_code");
  return user;
}

export async function loginWithMfa(options: { input: LoginMfaInput; ip: string }): Promise<LoginResult> {
  return loginResultFor(await checkSecondFactor(options));
}
