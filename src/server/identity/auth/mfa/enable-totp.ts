import { appendAuditEntry } from "../../../audit/append-audit-entry";
import { transaction } from "../../../platform/db/client";
import { conflict, notFound, validationError } from "../../../platform/errors/app-error";
import { revokeUserSessions } from "../../users/revoke-user-sessions";
import type { Principal } from "../principal";
import type { EnableTotpInput } from "./mfa.schemas";
import { hashRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT } from "./recovery-codes";
import { mfaAlreadyEnabled } from "./setup-totp";
import { totpStepOf } from "./totp";
import { openTotpSecret } from "./totp-secret-storage";

export const invalidCode = () => validationError([{ field: "code", message: "the code is not valid" }]);

/**
 * Completes TOTP enrolment with a code from the authenticator and answers ten recovery codes,
 * shown only here (stored as SHA-256). The code's step is recorded, so it cannot be used again to sign in.
 * Every earlier token and session of the user ends (reason `mfa_enabled`), except the UI session enabling it.
 */
export async function enableTotp(options: { principal: Principal; input: EnableTotpInput }): Promise<{ recoveryCodes: string[] }> {
  const userId = options.principal.userId;
  return transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { totpSecret: true, mfaEnabledAt: true } });
    if (!user) throw notFound("User");
    if (user.mfaEnabledAt) throw mfaAlreadyEnabled();
    if (!user.totpSecret) throw conflict("Start two-factor setup first (POST /v1/auth/mfa/totp/setup)");
    const step = totpStepOf(options.input.code, openTotpSecret(user.totpSecret));
    if (step === null) throw invalidCode();
    const enabled = await tx.user.updateMany({
      where: { id: userId, mfaEnabledAt: null, totpSecret: user.totpSecret },
      data: { mfaEnabledAt: new Date(), totpLastStep: step },
    });
    if (enabled.count !== 1) throw mfaAlreadyEnabled();
    const recoveryCodes = newRecoveryCodes();
    await tx.mfaRecoveryCode.deleteMany({ where: { userId } });
    await tx.mfaRecoveryCode.createMany({ data: recoveryCodes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })) });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "MFA_ENABLE",
      targetType: "User",
      targetId: userId,
      details: { method: "totp", recoveryCodes: RECOVERY_CODE_COUNT },
    });
    // A new credential: sessions opened without it end (the UI session enabling it continues).
    await revokeUserSessions({ actor: options.principal.actor, userId, reason: "mfa_enabled", client: tx, caller: options.principal });
    return { recoveryCodes };
  });
}
