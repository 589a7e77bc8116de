import { appendAuditEntry } from "../../../audit/append-audit-entry";
import { transaction } from "../../../platform/db/client";
import { conflict, notFound } from "../../../platform/errors/app-error";
import type { Principal } from "../principal";
import { newTotpSecret, otpauthUrl } from "./totp";
import { sealTotpSecret } from "./totp-secret-storage";

export const mfaAlreadyEnabled = () => conflict("Two-factor authentication is already enabled; disable it first");

/** Starts TOTP enrolment: a new secret, pending until a code proves the authenticator has it (enable). */
export async function setupTotp(options: { principal: Principal }): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = newTotpSecret();
  return transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: options.principal.userId }, select: { email: true, mfaEnabledAt: true } });
    if (!user) throw notFound("User");
    if (user.mfaEnabledAt) throw mfaAlreadyEnabled();
    const started = await tx.user.updateMany({
      where: { id: options.principal.userId, mfaEnabledAt: null },
      data: { totpSecret: sealTotpSecret(secret), totpLastStep: null },
    });
    if (started.count !== 1) throw mfaAlreadyEnabled();
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "MFA_SETUP",
      targetType: "User",
      targetId: options.principal.userId,
      details: { method: "totp" },
    });
    return { secret, otpauthUrl: otpauthUrl(user.email, secret) };
  });
}
