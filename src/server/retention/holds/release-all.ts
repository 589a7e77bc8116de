import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { transaction } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import { deleteHoldLinks, lockHold } from "./legal-holds.queries";
import { authorizeHoldRelease } from "./hold-release";

/**
 * Removes every link of the hold and keeps the hold. The interface answers an unknown hold id
 * with 500, so that is what this does (with the usual error body). Only a hold manager may (hold-release.ts).
 */
export async function releaseAll(options: { principal: Principal; id: string }): Promise<{ emailsReleased: number }> {
  return transaction(async (tx) => {
    await authorizeHoldRelease(tx, options.principal, "release a legal hold's emails");
    const hold = await lockHold(tx, options.id, "update");
    if (!hold) throw new AppError("INTERNAL", "Legal hold not found: nothing was released");
    const emailsReleased = await deleteHoldLinks(tx, options.id);
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "RELEASE_ALL",
      targetType: "LegalHold",
      targetId: options.id,
      details: { name: hold.name, emailsReleased, caseId: hold.case_id },
    });
    return { emailsReleased };
  });
}
