import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { transaction } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import { authorizeHoldRelease } from "./hold-release";

/** Unlinks one hold from one email; the hold and its other links are untouched. Only a hold manager may (hold-release.ts). */
export async function removeHoldFromEmail(options: {
  principal: Principal;
  emailId: string;
  holdId: string;
}): Promise<{ message: string }> {
  return transaction(async (tx) => {
    await authorizeHoldRelease(tx, options.principal, "remove a legal hold from an email");
    const removed = await tx.emailLegalHold.deleteMany({ where: { emailId: options.emailId, legalHoldId: options.holdId } });
    if (removed.count === 0) throw new AppError("NOT_FOUND", "No such legal hold is applied to the email");
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "REMOVE_HOLD",
      targetType: "ArchivedEmail",
      targetId: options.emailId,
      details: { legalHoldId: options.holdId },
    });
    return { message: "Legal hold removed from the email" };
  });
}
