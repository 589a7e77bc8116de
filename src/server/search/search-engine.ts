import type { Prisma } from "@/generated/prisma/client";
import type { ArchiveCondition } from "../identity/authz/ability";
import type { SqlClient } from "../platform/db/sql-client";
import type { ArchivedEmailSummary } from "../archive/archived-emails.responses";

export const MATCHING_STRATEGIES = ["last", "all", "frequency"] as const;
export type MatchingStrategy = (typeof MATCHING_STRATEGIES)[number];

/** Filters of a normalized query: addresses lower-cased, dates `YYYY-MM-DD` or a UTC ISO instant. */
export interface SearchFilters {
  /** The sender address, exact but case-insensitive. */
  from?: string;
  /** Any recipient (To, Cc, Bcc) address, exact but case-insensitive. */
  to?: string;
  /** The archived mailbox, exact but case-insensitive. */
  userEmail?: string;
  ingestionSourceId?: string;
  hasAttachments?: boolean;
  /** sentAt at or after it (a date: from the start of that UTC day). */
  startDate?: string;
  /** sentAt at or before it (a date: to the end of that UTC day). */
  endDate?: string;
}

/**
 * Normalized search query (docs/search.md), as produced by normalizeSearchQuery() in
 * search.schemas.ts; the same object is what bulk-apply reports as queryUsed.
 */
// A type, not an interface: it is sent as a JSON object (`Record<string, unknown>` in the response schemas).
export type SearchQuery = {
  query: string;
  filters: SearchFilters;
  matchingStrategy: MatchingStrategy;
};

export interface SearchHit {
  id: string;
  /** Highlighted excerpt (matched words wrapped in <mark>…</mark>, everything else HTML-escaped). */
  snippet: string;
  /**
   * The email's summary when the engine read it with the hit (PostgreSQL: in the page's statement),
   * so that searchResultSummaries need not read it again; absent otherwise (Meilisearch).
   */
  summary?: ArchivedEmailSummary;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Size of the full result set: exact, or an estimate when `totalIsEstimate` (docs/search.md). */
  total: number;
  totalIsEstimate: boolean;
  /**
   * Set when a bounded answer (`boundedTime`) reached its time bound before it had read every email:
   * every email sent at or after this instant was searched, older ones were not (docs/search.md,
   * "Bounded answers"); `total` then counts the matches found, an estimate.
   */
  searchedFrom?: Date;
}

/**
 * The search-engine port. Adapters: PostgreSQL full-text search (default, indexes inside the
 * ingest transaction) and Meilisearch (indexes asynchronously; the worker retries).
 */
export interface SearchEngine {
  readonly name: "postgres" | "meilisearch";
  /** Index freshly inserted emails; called inside the transaction that inserted them. */
  indexEmails(client: SqlClient, emailIds: string[]): Promise<void>;
  /** Forget deleted emails; called inside the deleting transaction (Meili: after commit, via a job). */
  removeEmails(client: SqlClient, emailIds: string[]): Promise<void>;
  /**
   * One page of matches: an operator-free query ranked by relevance, then newest first; a query of
   * the search language newest first. `scope` applies role conditions.
   * Large totals may be estimated unless `exactTotal` asks for a count.
   */
  search(options: {
    query: SearchQuery;
    scope: ArchiveCondition[] | null;
    offset: number;
    /** 0: no hits, the total alone. */
    limit: number;
    exactTotal?: boolean;
    /**
     * An interactive page: a search that would outlast its time bound answers with the newest
     * matches it found instead of failing (`searchedFrom`). Bulk operations and exact totals never do.
     */
    boundedTime?: boolean;
  }): Promise<SearchPage>;
  /**
   * Every id in the full result set (no ceiling), in pages of at most `pageSize`, for exhaustive
   * operations such as bulk apply; ignores relevance. `scope` defaults to null (unrestricted).
   */
  searchAllIds(options: { query: SearchQuery; pageSize: number; scope?: ArchiveCondition[] | null }): AsyncIterable<string[]>;
  /**
   * The full result set as a condition on `archived_emails e`, planned on `client`, for an engine
   * whose index lives in the database: a bulk operation then applies to every match in one
   * statement of its own transaction, instead of carrying the ids through the application page by
   * page. Engines without it are read with searchAllIds.
   */
  matchingCondition?(client: SqlClient, options: { query: SearchQuery; scope: ArchiveCondition[] | null }): Promise<Prisma.Sql>;
}
