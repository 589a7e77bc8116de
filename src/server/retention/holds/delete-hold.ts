import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { transaction } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/errors/app-error";
import { lockHold } from "./legal-holds.queries";
import { authorizeHoldRelease } from "./hold-release";

/**
 * Deletes an inactive hold with its links (FK cascade); an active hold must be deactivated first.
 * Only a hold manager may (hold-release.ts).
 */
export async function deleteHold(options: { principal: Principal; id: string }): Promise<void> {
  await transaction(async (tx) => {
    const hold = await lockHold(tx, options.id, "update");
    if (!hold) throw notFound("Legal hold");
    if (hold.is_active) throw conflict("The legal hold is active: deactivate it before deleting it");
    await authorizeHoldRelease(tx, options.principal, "delete a legal hold");
    const links = await tx.emailLegalHold.count({ where: { legalHoldId: options.id } });
    await tx.legalHold.delete({ where: { id: options.id } });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "DELETE",
      targetType: "LegalHold",
      targetId: options.id,
      details: { name: hold.name, linksRemoved: links, caseId: hold.case_id },
    });
  });
}
