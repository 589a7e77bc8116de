import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { conflict } from "../platform/errors/app-error";
import { accessibleCase } from "./case-access";

/**
 * Deletes a case with its members, searches and tags. A case with holds or exports keeps its
 * history: deleting it is refused (and the foreign keys refuse it under concurrency too).
 */
export async function deleteCase(options: { principal: Principal; id: string }): Promise<void> {
  await transaction(async (tx) => {
    const found = await accessibleCase(tx, options.principal, options.id, "update");
    const [holds, exports] = await Promise.all([
      tx.legalHold.count({ where: { caseId: options.id } }),
      tx.ediscoveryExport.count({ where: { caseId: options.id } }),
    ]);
    if (holds > 0 || exports > 0) {
      throw conflict(`The case has ${holds} legal hold(s) and ${exports} export(s): it cannot be deleted (close it instead)`);
    }
    await tx.ediscoveryCase.delete({ where: { id: options.id } });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "DELETE",
      targetType: "EdiscoveryCase",
      targetId: options.id,
      details: { caseId: options.id, name: found.name },
    });
  });
}
