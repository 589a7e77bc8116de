import type { ArchiveCondition } from "../authz/ability";
import type { Tx } from "../db/client";

export const MATCHING_STRATEGIES = ["last", "all", "frequency"] as const;
export type MatchingStrategy = (typeof MATCHING_STRATEGIES)[number];

/** Normalized search query (docs/search.md); the same object is what bulk-apply reports as queryUsed. */
export interface SearchQuery {
  query: string;
  filters: {
    from?: string;
    to?: string;
    userEmail?: string;
    ingestionSourceId?: string;
    hasAttachments?: boolean;
    startDate?: string;
    endDate?: string;
  };
  matchingStrategy: MatchingStrategy;
}

export interface SearchHit {
  id: string;
  /** Highlighted excerpt (matched words wrapped in <mark>…</mark>, everything else HTML-escaped). */
  snippet: string;
}

export interface SearchPage {
  hits: SearchHit[];
  total: number;
}

/**
 * The search-engine port. Adapters: PostgreSQL full-text search (default, indexes inside the
 * ingest transaction) and Meilisearch (indexes asynchronously; the worker retries).
 */
export interface SearchEngine {
  readonly name: "postgres" | "meilisearch";
  /** Index freshly inserted emails; called inside the transaction that inserted them. */
  indexEmails(tx: Tx, emailIds: string[]): Promise<void>;
  /** Forget deleted emails; called inside the deleting transaction (Meili: after commit, via a job). */
  removeEmails(tx: Tx, emailIds: string[]): Promise<void>;
  /** One page of matches ranked by relevance, then newest first; `scope` applies role conditions. */
  search(options: { query: SearchQuery; scope: ArchiveCondition[] | null; offset: number; limit: number }): Promise<SearchPage>;
  /** Every matching id, in pages of `pageSize`, for exhaustive operations such as bulk apply. */
  searchAllIds(options: { query: SearchQuery; pageSize: number }): AsyncIterable<string[]>;
}
