import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { isUniqueViolation } from "../platform/db/database-errors";
import { accessibleCase } from "./case-access";
import { savedSearchDto } from "./case-records-dto";
import type { SavedSearchDto } from "./ediscovery.responses";
import { assertCaseOpen } from "./case-scope";
import { duplicateSearchName } from "./ediscovery.errors";
import { nameKey, type UpdateSavedSearchInput } from "./ediscovery.schemas";
import { findSavedSearch } from "./get-saved-search";

export async function updateSavedSearch(options: {
  principal: Principal;
  caseId: string;
  searchId: string;
  input: UpdateSavedSearchInput;
}): Promise<SavedSearchDto> {
  const { principal, input } = options;
  try {
    return await transaction(async (tx) => {
      assertCaseOpen(await accessibleCase(tx, principal, options.caseId, "share"));
      const before = await findSavedSearch(tx, options.caseId, options.searchId);
      const saved = await tx.ediscoverySavedSearch.update({
        where: { id: before.id },
        data: {
          ...(input.name !== undefined && { name: input.name, nameKey: nameKey(input.name) }),
          ...(input.searchQuery !== undefined && { searchQuery: input.searchQuery as object }),
          ...(input.ignoreCustodians !== undefined && { ignoreCustodians: input.ignoreCustodians }),
        },
      });
      await appendAuditEntry(tx, {
        actor: principal.actor,
        actionType: "UPDATE",
        targetType: "EdiscoverySavedSearch",
        targetId: saved.id,
        details: {
          caseId: options.caseId,
          from: { name: before.name, searchQuery: before.searchQuery, ignoreCustodians: before.ignoreCustodians },
          to: { name: saved.name, searchQuery: saved.searchQuery, ignoreCustodians: saved.ignoreCustodians },
        },
      });
      return savedSearchDto(saved);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSearchName(input.name ?? "");
    throw error;
  }
}
