import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { isUniqueViolation } from "../platform/db/database-errors";
import { accessibleCase } from "./case-access";
import { savedSearchDto } from "./case-records-dto";
import type { SavedSearchDto } from "./ediscovery.responses";
import { assertCaseOpen } from "./case-scope";
import { duplicateSearchName } from "./ediscovery.errors";
import { nameKey, type SavedSearchInput } from "./ediscovery.schemas";

export async function createSavedSearch(options: {
  principal: Principal;
  caseId: string;
  input: SavedSearchInput;
}): Promise<SavedSearchDto> {
  const { principal, input } = options;
  try {
    return await transaction(async (tx) => {
      assertCaseOpen(await accessibleCase(tx, principal, options.caseId, "share"));
      const saved = await tx.ediscoverySavedSearch.create({
        data: {
          caseId: options.caseId,
          name: input.name,
          nameKey: nameKey(input.name),
          searchQuery: input.searchQuery as object,
          ignoreCustodians: input.ignoreCustodians ?? false,
        },
      });
      await appendAuditEntry(tx, {
        actor: principal.actor,
        actionType: "CREATE",
        targetType: "EdiscoverySavedSearch",
        targetId: saved.id,
        details: { caseId: options.caseId, name: saved.name, searchQuery: input.searchQuery, ignoreCustodians: saved.ignoreCustodians },
      });
      return savedSearchDto(saved);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSearchName(input.name);
    throw error;
  }
}
