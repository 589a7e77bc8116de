import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { findVisibleEmail } from "../archived-emails/find-visible-email";
import { transaction } from "../db/client";
import { conflict, notFound } from "../errors/app-error";
import { loadHoldLinks, type HoldLinkDto } from "./legal-hold-dto";
import { lockHold } from "./lock-hold";

export const inactiveHold = () => conflict("The legal hold is inactive and accepts no new emails");

/** Links a hold to an email; applying it again is a no-op answering the existing link. */
export async function applyHoldToEmail(options: { principal: Principal; emailId: string; holdId: string }): Promise<HoldLinkDto> {
  return transaction(async (tx) => {
    const hold = await lockHold(tx, options.holdId, "share");
    await findVisibleEmail({ client: tx, emailId: options.emailId, lockForLink: true });
    if (!hold) throw notFound("Legal hold");
    if (!hold.is_active) throw inactiveHold();
    const inserted = await tx.$executeRaw`
      INSERT INTO email_legal_holds (email_id, legal_hold_id, applied_at, applied_by_user_id)
      VALUES (${options.emailId}::uuid, ${options.holdId}::uuid, now(), ${options.principal.userId})
      ON CONFLICT DO NOTHING`;
    if (inserted > 0) {
      await appendAuditEntry(tx, {
        actor: options.principal.actor,
        actionType: "APPLY_HOLD",
        targetType: "ArchivedEmail",
        targetId: options.emailId,
        details: { legalHoldId: hold.id, holdName: hold.name },
      });
    }
    return (await loadHoldLinks(tx, options.emailId, options.holdId))[0];
  });
}
