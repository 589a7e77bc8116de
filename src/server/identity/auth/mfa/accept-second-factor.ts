import type { DbOrTx } from "../../../platform/db/client";
import { advanceTotpStep } from "./mfa.queries";
import { hashRecoveryCode } from "./recovery-codes";
import { totpStepOf } from "./totp";
import { openTotpSecret } from "./totp-secret-storage";

export type SecondFactor = "totp" | "recovery_code";

/**
 * Accepts a TOTP code or a recovery code of the user, each at most once: a TOTP code's time step
 * must be later than the last accepted one, and a recovery code is deleted as it is used. Both are
 * single conditional statements, so two requests with the same code cannot both pass.
 */
export async function acceptSecondFactor(
  client: DbOrTx,
  /** `totpSecret` as the users table stores it (sealed, totp-secret-storage.ts). */
  user: { id: string; totpSecret: string },
  code: string,
): Promise<SecondFactor | null> {
  const step = totpStepOf(code.trim(), openTotpSecret(user.totpSecret));
  if (step !== null) {
    return (await advanceTotpStep(client, user.id, step)) ? "totp" : null;
  }
  const used = await client.mfaRecoveryCode.deleteMany({ where: { userId: user.id, codeHash: hashRecoveryCode(code) } });
  return used.count === 1 ? "recovery_code" : null;
}
