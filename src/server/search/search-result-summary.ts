import { loadEmailSummaries } from "../archive/load-email-summaries";
import { readPool } from "../platform/db/replica-reads";
import type { SqlClient } from "../platform/db/sql-client";
import type { SearchHit } from "./search-engine";
import type { SearchResultSummary } from "./search.responses";

/**
 * Summaries for search hits, in hit order. Ids the engine returned but that are gone from the
 * database (deleted since, or a stale external index) are left out. Hits that carry their summary
 * (read in the same statement as the hit, so the email existed then) are answered without a read. Read through `pg` by default
 * (every search does it: a hot path), from the read replica in a request routed to it.
 */
export async function searchResultSummaries(options: { hits: SearchHit[]; client?: SqlClient }): Promise<SearchResultSummary[]> {
  const snippets = new Map(options.hits.map((hit) => [hit.id, hit.snippet]));
  // Read with the hits (the PostgreSQL engine's pages): no statement of its own.
  const read = new Map(options.hits.flatMap((hit) => (hit.summary ? [[hit.id, hit.summary] as const] : [])));
  const summaries =
    read.size === snippets.size ? [...read.values()] : await loadEmailSummaries(options.client ?? readPool(), [...snippets.keys()]);
  return summaries.map((summary) => ({ ...summary, snippet: snippets.get(summary.id)! }));
}
