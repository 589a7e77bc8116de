import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { db } from "../db/client";
import { AppError } from "../errors/app-error";
import { emailKey, toUserDto, userSelect, type UserDto } from "../users/user-dto";
import { issueAccessToken } from "./access-tokens";
import type { LoginInput } from "./auth.schemas";
import { recordLoginFailure, recordLoginSuccess, reserveLoginAttempt } from "./login-throttle";
import { dummyPasswordHash, verifyPassword } from "./passwords";

export interface LoginResult {
  accessToken: string;
  expiresAt: string;
  user: UserDto;
}

export type LoginAuditReason = "valid_credentials" | "unknown_email" | "wrong_password" | "rate_limited";

async function auditLogin(actor: AuditActor, targetId: string, success: boolean, reason: LoginAuditReason): Promise<void> {
  await appendAuditEntry(db(), { actor, actionType: "LOGIN", targetType: "User", targetId, details: { success, reason } });
}

/**
 * Checks email and password (same answer for an unknown email and a wrong password, and a
 * password hash verified either way so timing tells nothing), with per-account and per-address
 * throttling. Every attempt is audited. Used by REST login and by the UI's credentials provider.
 */
export async function login(options: { input: LoginInput; ip: string }): Promise<LoginResult> {
  const email = options.input.email.trim();
  const actor: AuditActor = { identifier: email.slice(0, 320), ip: options.ip };
  const user = await db().user.findUnique({
    where: { emailKey: emailKey(email) },
    select: { ...userSelect, passwordHash: true },
  });
  const targetId = user?.id ?? email;
  const waitSeconds = await reserveLoginAttempt(email, options.ip);
  if (waitSeconds > 0) {
    await auditLogin(actor, targetId, false, "rate_limited");
    throw new AppError("RATE_LIMITED", "Too many failed login attempts; try again later", { retryAfterSeconds: waitSeconds });
  }
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), options.input.password);
  if (!user || !passwordOk) {
    await recordLoginFailure(email, options.ip);
    await auditLogin(actor, targetId, false, user ? "wrong_password" : "unknown_email");
    throw new AppError("UNAUTHENTICATED", "Invalid email or password");
  }
  await recordLoginSuccess(email, options.ip);
  await auditLogin({ identifier: user.email, ip: options.ip, userId: user.id }, user.id, true, "valid_credentials");
  const token = await issueAccessToken(user.id);
  return { accessToken: token.accessToken, expiresAt: token.expiresAt.toISOString(), user: toUserDto(user) };
}
