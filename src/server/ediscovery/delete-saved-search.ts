import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { accessibleCase } from "./case-access";
import { assertCaseOpen } from "./case-scope";
import { findSavedSearch } from "./get-saved-search";

/** Exports made from the search keep the query they used (their record holds it), so deleting it loses nothing. */
export async function deleteSavedSearch(options: { principal: Principal; caseId: string; searchId: string }): Promise<void> {
  await transaction(async (tx) => {
    assertCaseOpen(await accessibleCase(tx, options.principal, options.caseId, "share"));
    const found = await findSavedSearch(tx, options.caseId, options.searchId);
    await tx.ediscoverySavedSearch.delete({ where: { id: found.id } });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "DELETE",
      targetType: "EdiscoverySavedSearch",
      targetId: found.id,
      details: { caseId: options.caseId, name: found.name, searchQuery: found.searchQuery },
    });
  });
}
