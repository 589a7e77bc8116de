import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { accessibleCase } from "./case-access";
import { savedSearchDto } from "./case-records-dto";
import type { SavedSearchDto } from "./ediscovery.responses";

/** The case's saved searches, oldest first (404 for a case the principal may not see). */
export async function listSavedSearches(options: { principal: Principal; caseId: string }): Promise<SavedSearchDto[]> {
  await accessibleCase(db(), options.principal, options.caseId);
  const rows = await db().ediscoverySavedSearch.findMany({
    where: { caseId: options.caseId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(savedSearchDto);
}
