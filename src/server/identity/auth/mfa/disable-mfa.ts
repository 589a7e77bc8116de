import { appendAuditEntry } from "../../../audit/append-audit-entry";
import { transaction } from "../../../platform/db/client";
import { conflict, notFound } from "../../../platform/errors/app-error";
import { revokeUserSessions } from "../../users/revoke-user-sessions";
import { assertCurrentPassword } from "../../users/assert-current-password";
import type { Principal } from "../principal";
import { acceptSecondFactor } from "./accept-second-factor";
import type { DisableMfaInput } from "./mfa.schemas";

/** Turns two-factor authentication off with the password and a code, and ends every session of the user. */
export async function disableMfa(options: { principal: Principal; input: DisableMfaInput }): Promise<{ message: string }> {
  const userId = options.principal.userId;
  return transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { totpSecret: true, mfaEnabledAt: true } });
    if (!user) throw notFound("User");
    const { totpSecret } = user;
    if (!user.mfaEnabledAt || !totpSecret) throw conflict("Two-factor authentication is not enabled");
    // The password and the code are one re-authentication: one throttled, audited attempt.
    await assertCurrentPassword({
      actor: options.principal.actor,
      userId,
      password: options.input.password,
      purpose: "disable_mfa",
      field: "password",
      secondFactor: {
        field: "code",
        check: async () => (await acceptSecondFactor(tx, { id: userId, totpSecret }, options.input.code)) !== null,
      },
    });
    await tx.user.update({ where: { id: userId }, data: { mfaEnabledAt: null, totpSecret: null, totpLastStep: null } });
    await tx.mfaRecoveryCode.deleteMany({ where: { userId } });
    await tx.mfaLoginChallenge.deleteMany({ where: { userId } });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "MFA_DISABLE",
      targetType: "User",
      targetId: userId,
      details: { method: "totp" },
    });
    await revokeUserSessions({ actor: options.principal.actor, userId, reason: "mfa_disabled", client: tx, caller: options.principal });
    return { message: "Two-factor authentication disabled" };
  });
}
