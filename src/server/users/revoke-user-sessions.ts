import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction, type DbOrTx } from "../db/client";
import { notFound } from "../errors/app-error";

/** Why a user's sessions were ended; recorded in the audit entry. */
export type SessionRevocationReason =
  "password_changed" | "mfa_disabled" | "administrator" | "user_disabled" | "role_changed_by_sso" | "role_changed_by_ldap";

/**
 * Ends every bearer token and UI session the user holds (API keys are separate credentials and
 * stay): their session version moves on, and every request compares it (`principalForUser`).
 * Pass `client` to run inside the caller's transaction, so the revocation commits with the change
 * that caused it; the `REVOKE_SESSIONS` entry records the reason.
 */
export async function revokeUserSessions(options: {
  actor: AuditActor;
  userId: string;
  reason: SessionRevocationReason;
  client?: DbOrTx;
}): Promise<{ sessionVersion: number }> {
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
      details: { reason: options.reason },
    });
    return { sessionVersion: updated[0].sessionVersion };
  };
  return options.client ? revoke(options.client) : transaction(revoke);
}
