import type { Principal } from "../identity/auth/principal";
import { db, type DbOrTx } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { accessibleCase } from "./case-access";
import { savedSearchDto } from "./case-records-dto";
import type { SavedSearchDto } from "./ediscovery.responses";

export async function getSavedSearch(options: { principal: Principal; caseId: string; searchId: string }): Promise<SavedSearchDto> {
  await accessibleCase(db(), options.principal, options.caseId);
  return savedSearchDto(await findSavedSearch(db(), options.caseId, options.searchId));
}

export async function findSavedSearch(client: DbOrTx, caseId: string, searchId: string) {
  const row = await client.ediscoverySavedSearch.findFirst({ where: { id: searchId, caseId } });
  if (!row) throw notFound("Saved search");
  return row;
}
