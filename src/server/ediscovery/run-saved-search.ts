import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { db, transaction } from "../platform/db/client";
import { searchEngine } from "../search/search-engine-factory";
import { searchResultSummaries } from "../search/search-result-summary";
import type { SearchResultSummary } from "../search/search.responses";
import { accessibleCase } from "./case-access";
import { contentScope } from "../identity/authz/content-scope";
import { caseEmailScope, narrowsToCustodians } from "./case-scope";
import { findSavedSearch } from "./get-saved-search";
import { searchQuerySchema } from "../search/search.schemas";
import { parseStoredJson } from "../platform/validation/stored-json";

export const RUN_SAMPLE_SIZE = 20;

export interface SavedSearchRun {
  total: number;
  sample: SearchResultSummary[];
}

/**
 * A run as the case workspace shows it: also how many matches lie outside the custodians' mail
 * within what the member's role lets them read (null when the search is not narrowed to custodians).
 */
export interface SavedSearchRunWithElsewhere extends SavedSearchRun {
  elsewhere: number | null;
}

/**
 * Runs a saved search within the case (custodians) and the member's role conditions: the exact
 * number of matches and the first ones; records the run on the search and in the audit log. With
 * `countElsewhere`, also counts the matches in the rest of the mail the member's role lets them
 * read, so a custodian search that finds nothing can say where the matches are.
 */
export async function runSavedSearch(options: { principal: Principal; caseId: string; searchId: string }): Promise<SavedSearchRun>;
export async function runSavedSearch(options: {
  principal: Principal;
  caseId: string;
  searchId: string;
  countElsewhere: true;
}): Promise<SavedSearchRunWithElsewhere>;
export async function runSavedSearch(options: {
  principal: Principal;
  caseId: string;
  searchId: string;
  countElsewhere?: boolean;
}): Promise<SavedSearchRun | SavedSearchRunWithElsewhere> {
  const { principal } = options;
  const found = await accessibleCase(db(), principal, options.caseId);
  const saved = await findSavedSearch(db(), options.caseId, options.searchId);
  const query = parseStoredJson(searchQuerySchema, saved.searchQuery, "ediscovery_saved_searches.search_query");
  const narrowed = { ignoreCustodians: saved.ignoreCustodians };
  const page = await searchEngine().search({
    query,
    scope: caseEmailScope(principal, found, narrowed),
    offset: 0,
    limit: RUN_SAMPLE_SIZE,
    exactTotal: true,
  });
  // The role scope alone holds the custodian scope, so the difference is the matches outside it.
  const readable =
    options.countElsewhere && narrowsToCustodians(found, narrowed)
      ? await searchEngine().search({ query, scope: contentScope(principal.ability), offset: 0, limit: 0, exactTotal: true })
      : null;
  const elsewhere = readable === null ? null : Math.max(0, readable.total - page.total);
  const sample = await searchResultSummaries({ hits: page.hits });
  await transaction(async (tx) => {
    await tx.ediscoverySavedSearch.update({ where: { id: saved.id }, data: { lastRunAt: new Date(), lastCount: page.total } });
    await appendAuditEntry(tx, {
      actor: principal.actor,
      actionType: "SEARCH",
      targetType: "EdiscoverySavedSearch",
      targetId: saved.id,
      details: { caseId: options.caseId, query, total: page.total, ...(elsewhere !== null && { elsewhere }) },
    });
  });
  return options.countElsewhere ? { total: page.total, sample, elsewhere } : { total: page.total, sample };
}
