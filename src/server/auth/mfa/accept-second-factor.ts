import type { DbOrTx } from "../../db/client";
import { hashRecoveryCode } from "./recovery-codes";
import { totpStepOf } from "./totp";

export type SecondFactor = "totp" | "recovery_code";

/**
 * Accepts a TOTP code or a recovery code of the user, each at most once: a TOTP code's time step
 * must be later than the last accepted one, and a recovery code is deleted as it is used. Both are
 * single conditional statements, so two requests with the same code cannot both pass.
 */
export async function acceptSecondFactor(db: DbOrTx, user: { id: string; totpSecret: string }, code: string): Promise<SecondFactor | null> {
  const step = totpStepOf(code.trim(), user.totpSecret);
  if (step !== null) {
    const updated = await db.$executeRaw`
      UPDATE users SET totp_last_step = ${step}
       WHERE id = ${user.id}::uuid AND (totp_last_step IS NULL OR totp_last_step < ${step})`;
    return updated === 1 ? "totp" : null;
  }
  const used = await db.mfaRecoveryCode.deleteMany({ where: { userId: user.id, codeHash: hashRecoveryCode(code) } });
  return used.count === 1 ? "recovery_code" : null;
}
