import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { db, transaction } from "../db/client";
import type { SearchQuery } from "../search/search-engine";
import { searchEngine } from "../search/search-engine-factory";
import { searchResultSummaries, type SearchResultSummary } from "../search/search-result-summary";
import { accessibleCase } from "./case-access";
import { caseEmailScope } from "./case-scope";
import { findSavedSearch } from "./get-saved-search";

export const RUN_SAMPLE_SIZE = 20;

export interface SavedSearchRun {
  total: number;
  sample: SearchResultSummary[];
}

/**
 * Runs a saved search within the case (custodians) and the member's role conditions: the exact
 * number of matches and the first ones; records the run on the search and in the audit log.
 */
export async function runSavedSearch(options: { principal: Principal; caseId: string; searchId: string }): Promise<SavedSearchRun> {
  const { principal } = options;
  const found = await accessibleCase(db(), principal, options.caseId);
  const saved = await findSavedSearch(db(), options.caseId, options.searchId);
  const query = saved.searchQuery as unknown as SearchQuery;
  const page = await searchEngine().search({
    query,
    scope: caseEmailScope(principal, found, { ignoreCustodians: saved.ignoreCustodians }),
    offset: 0,
    limit: RUN_SAMPLE_SIZE,
    exactTotal: true,
  });
  const sample = await searchResultSummaries({ hits: page.hits });
  await transaction(async (tx) => {
    await tx.ediscoverySavedSearch.update({ where: { id: saved.id }, data: { lastRunAt: new Date(), lastCount: page.total } });
    await appendAuditEntry(tx, {
      actor: principal.actor,
      actionType: "SEARCH",
      targetType: "EdiscoverySavedSearch",
      targetId: saved.id,
      details: { caseId: options.caseId, query, total: page.total },
    });
  });
  return { total: page.total, sample };
}
