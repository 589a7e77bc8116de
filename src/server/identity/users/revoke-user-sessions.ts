import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { transaction, type DbOrTx } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";

/** Why a user's sessions were ended; recorded in the audit entry. */
export type SessionRevocationReason =
  | "password_changed"
  | "email_changed"
  | "mfa_enabled"
  | "mfa_disabled"
  | "administrator"
  | "user_disabled"
  | "role_changed_by_sso"
  | "role_changed_by_ldap";

/**
 * Ends every bearer token and UI session the user holds (API keys are separate credentials and
 * stay; the caller's own UI session continues when `caller` says so): their session version moves
 * on, and every request compares it (`principalForUser`).
 * Pass `client` to run inside the caller's transaction, so the revocation commits with the change
 * that caused it; the `REVOKE_SESSIONS` entry records the reason.
 */
export async function revokeUserSessions(options: {
  actor: AuditActor;
  userId: string;
  reason: SessionRevocationReason;
  client?: DbOrTx;
  /**
   * Who made the change. When it is the user's own UI session (a credential change they made
   * themselves), that one session continues: the principal is told the new version and the tRPC
   * route re-issues its cookie. Bearer tokens (the caller's too) end; API keys are untouched anyway.
   */
  caller?: Principal;
}): Promise<{ sessionVersion: number }> {
  const { caller } = options;
  const keepsCallerSession = caller?.via === "session" && caller.userId === options.userId;
  const revoke = async (tx: DbOrTx) => {
    const updated = await tx.user.updateManyAndReturn({
      where: { id: options.userId },
      data: { sessionVersion: { increment: 1 } },
      select: { sessionVersion: true },
    });
    if (updated.length === 0) throw notFound("User");
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: "REVOKE_SESSIONS",
      targetType: "User",
      targetId: options.userId,
      details: { reason: options.reason, ...(keepsCallerSession && { callerSessionKept: true }) },
    });
    const { sessionVersion } = updated[0];
    if (keepsCallerSession) caller.sessionRenewal = { sessionVersion };
    return { sessionVersion };
  };
  return options.client ? revoke(options.client) : transaction(revoke);
}
