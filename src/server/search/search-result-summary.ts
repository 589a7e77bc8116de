import { loadEmailSummaries } from "../archive/load-email-summaries";
import { readPool } from "../platform/db/replica-reads";
import type { SqlClient } from "../platform/db/sql-client";
import type { SearchResultSummary } from "./search.responses";

/**
 * Summaries for search hits, in hit order. Ids the engine returned but that are gone from the
 * database (deleted since, or a stale external index) are left out. Read through `pg` by default
 * (every search does it: a hot path), from the read replica in a request routed to it.
 */
export async function searchResultSummaries(options: {
  hits: { id: string; snippet: string }[];
  client?: SqlClient;
}): Promise<SearchResultSummary[]> {
  const snippets = new Map(options.hits.map((hit) => [hit.id, hit.snippet]));
  const summaries = await loadEmailSummaries(options.client ?? readPool(), [...snippets.keys()]);
  return summaries.map((summary) => ({ ...summary, snippet: snippets.get(summary.id)! }));
}
