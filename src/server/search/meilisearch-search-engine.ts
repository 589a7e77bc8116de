import type { SqlClient } from "../platform/db/sql-client";
import type { ArchiveCondition } from "../identity/authz/ability";
import { enqueueJob } from "../platform/jobs/enqueue-job";
import { SEARCH_INDEX_JOB, SEARCH_REMOVE_JOB } from "./meilisearch-index-jobs";
import { meiliIndex, type MeiliEmailDocument } from "./meilisearch-index";
import type { SearchEngine, SearchPage, SearchQuery } from "./search-engine";
import { scopeClauses, sentAtRange, type ScopeClause } from "./search-scope";
import { isSearchable, MAX_QUERY_TERMS, parseSearchTerms } from "./search-terms";
import { HIGHLIGHT_END, HIGHLIGHT_START, renderSnippet } from "./snippet";
import { parseSearchQuery } from "./query-language/parse-search-query";
import { setEmailsIndexed, sourceIdsNamed } from "./search.queries";
import { meiliLanguageQuery, meiliString } from "./meilisearch-query-language";
import { db } from "../platform/db/client";

const SNIPPET_WORDS = 30;

/**
 * The query as Meilisearch should read it: our terms only, phrases quoted, and a leading "-"
 * removed (Meilisearch would read it as negation). No word at all means the empty query.
 */
export function meiliQueryText(query: string): string {
  const terms = parseSearchTerms(query)
    .map((term) => (term.phrase ? term : { ...term, text: term.text.replace(/^-+/, "") }))
    .filter(isSearchable)
    .slice(0, MAX_QUERY_TERMS);
  return terms.map((term) => (term.phrase ? meiliString(term.text.replace(/\\/g, " ")) : term.text)).join(" ");
}

/**
 * A `userEmail` condition also matches journaled mail's internal participants (docs/journaling.md);
 * a `partyEmail` condition (a case's custodians, docs/ediscovery.md) the mailbox, the sender, any
 * recipient (To, Cc, Bcc and the journal envelope's, which journaling adds to the recipients) and
 * the internal participants.
 */
function fieldFilter(field: string, values: string[]): string {
  const list = `[${values.map(meiliString).join(", ")}]`;
  if (field === "partyEmail") {
    const attributes = ["userEmail", "senderEmail", "recipientEmails", "participantEmails"];
    return `(${attributes.map((attribute) => `${attribute} IN ${list}`).join(" OR ")})`;
  }
  return field === "userEmail" ? `(userEmail IN ${list} OR participantEmails IN ${list})` : `${field} IN ${list}`;
}

function clauseFilter(clause: ScopeClause): string {
  const parts = Object.entries(clause).map(([field, values]) => fieldFilter(field, values));
  return parts.length === 0 ? "" : `(${parts.join(" AND ")})`;
}

/** The filter expression of a query and scope; null when the scope allows nothing. */
export function meiliFilter(query: SearchQuery, scope: ArchiveCondition[] | null | undefined): string | null {
  const { filters } = query;
  const parts: string[] = [];
  if (filters.from !== undefined) parts.push(`senderEmail = ${meiliString(filters.from)}`);
  if (filters.to !== undefined) parts.push(`recipientEmails = ${meiliString(filters.to)}`);
  if (filters.userEmail !== undefined) parts.push(`userEmail = ${meiliString(filters.userEmail)}`);
  if (filters.ingestionSourceId !== undefined) parts.push(`ingestionSourceId = ${meiliString(filters.ingestionSourceId)}`);
  if (filters.hasAttachments !== undefined) parts.push(`hasAttachments = ${filters.hasAttachments}`);
  const range = sentAtRange(filters);
  if (range.from) parts.push(`sentAtTs >= ${range.from.getTime()}`);
  if (range.until) parts.push(`sentAtTs < ${range.until.getTime()}`);
  const clauses = scopeClauses(scope);
  if (clauses !== null) {
    if (clauses.length === 0) return null;
    const ored = clauses.map(clauseFilter);
    if (!ored.includes("")) parts.push(`(${ored.join(" OR ")})`);
  }
  return parts.join(" AND ");
}

/**
 * What to send Meilisearch for a query: its words, the filter (the request's filters, the language
 * query's own, the role scope) and the matching strategy; null when the scope allows nothing. A
 * language query runs exactly as written (every clause required) or is refused with a 422 naming
 * the construct Meilisearch cannot run (meilisearch-query-language.ts).
 */
async function meiliRequest(query: SearchQuery, scope: ArchiveCondition[] | null) {
  const filter = meiliFilter(query, scope);
  if (filter === null) return null;
  const parsed = parseSearchQuery(query.query);
  if (!parsed) return { q: meiliQueryText(query.query), filter: filter || undefined, matchingStrategy: query.matchingStrategy };
  const language = await meiliLanguageQuery(parsed.tree, (value) => sourceIdsNamed(db(), value));
  const filters = [...(filter ? [filter] : []), ...language.filters];
  return { q: language.q, filter: filters.length > 0 ? filters.join(" AND ") : undefined, matchingStrategy: "all" as const };
}

/**
 * Meilisearch adapter. Indexing is asynchronous: indexEmails only queues a job in the caller's
 * transaction (so it exists only if the emails commit); the worker sends the documents
 * (processSearchIndexJob) and flips is_indexed once Meilisearch has them.
 */
export class MeilisearchSearchEngine implements SearchEngine {
  readonly name = "meilisearch" as const;

  async indexEmails(client: SqlClient, emailIds: string[]): Promise<void> {
    if (emailIds.length === 0) return;
    await setEmailsIndexed(client, emailIds, false);
    await enqueueJob({ type: SEARCH_INDEX_JOB, payload: { emailIds }, client });
  }

  async removeEmails(client: SqlClient, emailIds: string[]): Promise<void> {
    if (emailIds.length === 0) return;
    await enqueueJob({ type: SEARCH_REMOVE_JOB, payload: { emailIds }, client });
  }

  async search(options: { query: SearchQuery; scope: ArchiveCondition[] | null; offset: number; limit: number }): Promise<SearchPage> {
    const request = await meiliRequest(options.query, options.scope);
    if (request === null) return { hits: [], total: 0, totalIsEstimate: false };
    const { q, ...criteria } = request;
    const index = await meiliIndex();
    const common = {
      ...criteria,
      sort: ["sentAtTs:desc", "id:desc"],
      attributesToRetrieve: ["id", "subject", "body"],
      attributesToCrop: ["body", "subject"],
      cropLength: SNIPPET_WORDS,
      cropMarker: "…",
      attributesToHighlight: ["body", "subject"],
      highlightPreTag: HIGHLIGHT_START,
      highlightPostTag: HIGHLIGHT_END,
    };
    // page/hitsPerPage gives an exhaustive total; offset/limit only an estimate, so use it only when unaligned.
    // hitsPerPage 0 answers the total alone (an empty page: explain's counts).
    const aligned = options.limit === 0 || options.offset % options.limit === 0;
    const response = aligned
      ? await index.search<MeiliEmailDocument>(q, {
          ...common,
          page: options.limit === 0 ? 1 : options.offset / options.limit + 1,
          hitsPerPage: options.limit,
        })
      : await index.search<MeiliEmailDocument>(q, { ...common, offset: options.offset, limit: options.limit });
    const totalIsEstimate = !("totalHits" in response);
    const total = Number("totalHits" in response ? response.totalHits : response.estimatedTotalHits) || 0;
    return {
      hits: response.hits.map((hit) => {
        const formatted = hit._formatted ?? {};
        const text = hit.body ? (formatted.body ?? hit.body) : (formatted.subject ?? hit.subject ?? "");
        return { id: hit.id, snippet: renderSnippet(String(text)) };
      }),
      total,
      totalIsEstimate,
    };
  }

  async *searchAllIds(options: { query: SearchQuery; pageSize: number; scope?: ArchiveCondition[] | null }): AsyncIterable<string[]> {
    if (!Number.isInteger(options.pageSize) || options.pageSize < 1) throw new Error("pageSize must be a positive integer");
    const request = await meiliRequest(options.query, options.scope ?? null);
    if (request === null) return;
    const { q, ...criteria } = request;
    const index = await meiliIndex();
    // A fixed sort by id keeps the order stable between pages; maxTotalHits is raised so offsets reach every match.
    for (let offset = 0; ; offset += options.pageSize) {
      const response = await index.search<MeiliEmailDocument>(q, {
        ...criteria,
        sort: ["id:asc"],
        attributesToRetrieve: ["id"],
        offset,
        limit: options.pageSize,
      });
      const ids = response.hits.map((hit) => hit.id);
      if (ids.length > 0) yield ids;
      if (ids.length < options.pageSize) return;
    }
  }
}
