import type { Principal } from "../auth/principal";
import type { DbOrTx } from "../db/client";
import { db } from "../db/client";
import { notFound } from "../errors/app-error";
import { accessibleCase } from "./case-access";
import { savedSearchDto, type SavedSearchDto } from "./case-records-dto";

/** The case's saved searches, oldest first (404 for a case the principal may not see). */
export async function listSavedSearches(options: { principal: Principal; caseId: string }): Promise<SavedSearchDto[]> {
  await accessibleCase(db(), options.principal, options.caseId);
  const rows = await db().ediscoverySavedSearch.findMany({ where: { caseId: options.caseId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(savedSearchDto);
}

export async function getSavedSearch(options: { principal: Principal; caseId: string; searchId: string }): Promise<SavedSearchDto> {
  await accessibleCase(db(), options.principal, options.caseId);
  return savedSearchDto(await findSavedSearch(db(), options.caseId, options.searchId));
}

export async function findSavedSearch(client: DbOrTx, caseId: string, searchId: string) {
  const row = await client.ediscoverySavedSearch.findFirst({ where: { id: searchId, caseId } });
  if (!row) throw notFound("Saved search");
  return row;
}
