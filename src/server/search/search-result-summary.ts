import { loadEmailSummaries, type ArchivedEmailSummary } from "../archived-emails/load-email-summaries";
import { db, type DbOrTx } from "../db/client";

/** The interface's Archived email without attachments and thread, plus the highlighted snippet. */
export interface SearchResultSummary extends ArchivedEmailSummary {
  /** HTML: matched words in <mark>, everything else escaped. */
  snippet: string;
}

/**
 * Summaries for search hits, in hit order. Ids the engine returned but that are gone from the
 * database (deleted since, or a stale external index) are left out.
 */
export async function searchResultSummaries(options: {
  hits: { id: string; snippet: string }[];
  client?: DbOrTx;
}): Promise<SearchResultSummary[]> {
  const snippets = new Map(options.hits.map((hit) => [hit.id, hit.snippet]));
  const summaries = await loadEmailSummaries(options.client ?? db(), [...snippets.keys()]);
  return summaries.map((summary) => ({ ...summary, snippet: snippets.get(summary.id)! }));
}
