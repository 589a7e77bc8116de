import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { db, transaction } from "../db/client";
import { AppError } from "../errors/app-error";
import { emailKey, toUserDto, userSelect, type UserDto } from "../users/user-dto";
import { issueAccessToken } from "./access-tokens";
import type { LoginInput } from "./auth.schemas";
import { accountThrottleKey, blockedForSeconds, clearAccountFailures, ipThrottleKey, recordLoginFailure } from "./login-throttle";
import { dummyPasswordHash, verifyPassword } from "./passwords";

export interface LoginResult {
  accessToken: string;
  expiresAt: string;
  user: UserDto;
}

async function auditLogin(actor: AuditActor, targetId: string, details: Record<string, unknown>): Promise<void> {
  await transaction((tx) => appendAuditEntry(tx, { actor, actionType: "LOGIN", targetType: "User", targetId, details }));
}

/**
 * Checks email and password (same answer for an unknown email and a wrong password, and a
 * password hash verified either way so timing tells nothing), with per-account and per-address
 * throttling. Every attempt is audited. Used by REST login and by the UI's credentials provider.
 */
export async function login(options: { input: LoginInput; ip: string }): Promise<LoginResult> {
  const email = options.input.email.trim();
  const actor: AuditActor = { identifier: email.slice(0, 320), ip: options.ip };
  const waitSeconds = await blockedForSeconds([accountThrottleKey(email), ipThrottleKey(options.ip)]);
  if (waitSeconds > 0) {
    await auditLogin(actor, email, { success: false, reason: "rate_limited" });
    throw new AppError("RATE_LIMITED", "Too many failed login attempts; try again later", { retryAfterSeconds: waitSeconds });
  }
  const user = await db().user.findUnique({
    where: { emailKey: emailKey(email) },
    select: { ...userSelect, passwordHash: true },
  });
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), options.input.password);
  if (!user || !passwordOk) {
    await recordLoginFailure(email, options.ip);
    await auditLogin(actor, user?.id ?? email, { success: false, reason: "invalid_credentials" });
    throw new AppError("UNAUTHENTICATED", "Invalid email or password");
  }
  await clearAccountFailures(email);
  await auditLogin({ identifier: user.email, ip: options.ip }, user.id, { success: true });
  const token = await issueAccessToken(user.id);
  return { accessToken: token.accessToken, expiresAt: token.expiresAt.toISOString(), user: toUserDto(user) };
}
