import { db } from "../../../platform/db/client";
import { notFound } from "../../../platform/errors/app-error";
import type { Principal } from "../principal";

/** Whether the caller has two-factor authentication on (the account page shows setup or disable). */
export async function getMfaStatus(options: { principal: Principal }): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const user = await db().user.findUnique({
    where: { id: options.principal.userId },
    select: { mfaEnabledAt: true, _count: { select: { mfaRecoveryCodes: true } } },
  });
  if (!user) throw notFound("User");
  return { enabled: user.mfaEnabledAt !== null, recoveryCodesLeft: user._count.mfaRecoveryCodes };
}
