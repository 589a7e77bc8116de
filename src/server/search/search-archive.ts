import { appendAuditEntry } from "../audit/append-audit-entry";
import { pgPool } from "../platform/db/pg-pool";
import type { Principal } from "../identity/auth/principal";
import { contentScope } from "../identity/authz/content-scope";
import type { SearchEngine, SearchQuery } from "./search-engine";
import { searchEngine } from "./search-engine-factory";
import { parseSearchQuery } from "./query-language/parse-search-query";
import { searchResultSummaries } from "./search-result-summary";
import type { SearchArchiveResult } from "./search.responses";

/**
 * One page of archive search results, restricted to what the caller's role may read, and a
 * SEARCH audit entry recording the normalized query.
 */
export async function searchArchive(options: {
  principal: Principal;
  query: SearchQuery;
  page: number;
  limit: number;
  /** Count the full result set exactly, however large (e.g. before a bulk apply). */
  exactTotal?: boolean;
  engine?: SearchEngine;
}): Promise<SearchArchiveResult> {
  const { principal, query, page, limit } = options;
  const started = performance.now();
  const found = await (options.engine ?? searchEngine()).search({
    query,
    scope: contentScope(principal.ability),
    offset: (page - 1) * limit,
    limit,
    exactTotal: options.exactTotal,
    // A page for a person or a client waiting on it: better the newest matches within the bound than a
    // 503. The engine never bounds an exact total (the hold preview's).
    boundedTime: true,
  });
  const items = await searchResultSummaries({ hits: found.hits });
  const processingTimeMs = Math.round(performance.now() - started);
  // On the primary, even when the search was answered by a read replica (readPool()).
  await appendAuditEntry(pgPool(), {
    actor: principal.actor,
    actionType: "SEARCH",
    targetType: "ArchivedEmail",
    targetId: "",
    details: {
      query,
      page,
      limit,
      total: found.total,
      totalIsEstimate: found.totalIsEstimate,
      ...(found.searchedFrom && { searchedFrom: found.searchedFrom.toISOString() }),
    },
  });
  const parsed = parseSearchQuery(query.query);
  return {
    items,
    total: found.total,
    totalIsEstimate: found.totalIsEstimate,
    searchedFrom: found.searchedFrom?.toISOString() ?? null,
    matchingStrategyApplied: parsed === null,
    normalizedQuery: parsed?.normalized ?? null,
    page,
    limit,
    processingTimeMs,
  };
}
