import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { contentScope } from "../identity/authz/content-scope";
import { keptArchiveEmailCount } from "../archive/archive-stats";
import { pgPool } from "../platform/db/pg-pool";
import { formatQueryTree } from "./query-language/format-query-tree";
import { parseSearchQuery } from "./query-language/parse-search-query";
import type { QueryNode } from "./query-language/query-tree";
import type { SearchEngine, SearchQuery } from "./search-engine";
import { searchEngine } from "./search-engine-factory";
import { parseSearchTerms } from "./search-terms";

/** A clause wider than this share of the caller's visible archive is worth a second look. */
export const BROAD_CLAUSE_SHARE = 0.1;

export interface ExplainedClause {
  /** and, or, not, words, prefix, near, address, ... or "term" for a term of an operator-free query. */
  type: string;
  /** The clause as a query of its own (normalized). */
  text: string;
  /** Emails of the caller's visible archive that match the clause (with the query's filters). */
  count: number;
  /** The count is an estimate: above the exact-count limit, unless exact counts were asked for. */
  countIsEstimate: boolean;
  children: ExplainedClause[];
}

export interface SearchExplanation {
  searchQuery: SearchQuery;
  /** The query's text in canonical form (operator-free queries: as given). */
  normalized: string;
  /** False for a query of the search language: it runs exactly as written. */
  matchingStrategyApplied: boolean;
  /** Emails the query matches in the caller's visible archive (with the filters). */
  total: number;
  totalIsEstimate: boolean;
  /** Emails the caller may read that the filters allow: what "broad" is measured against. */
  visibleEmails: number;
  /** Emails the caller may read, whatever the filters: the whole of what the query picks from. */
  readableEmails: number;
  tree: ExplainedClause;
  warnings: string[];
}

/**
 * What a query will do before it is applied: its parsed tree with each clause's count in the
 * caller's visible archive, the total, and a warning for every clause that matches more than 10%
 * of it (docs/search.md, "Explain"). Each count is the clause run as a query of its own through the
 * same engine, scope and filters, so the explanation cannot disagree with the search: counted
 * exactly as far as the search counts (5,000), estimated beyond as the search's total is, and
 * counted exactly whatever their size with `exactCounts` (which costs reading every match).
 */
export async function explainSearch(options: {
  principal: Principal;
  query: SearchQuery;
  exactCounts?: boolean;
  engine?: SearchEngine;
}): Promise<SearchExplanation> {
  const engine = options.engine ?? searchEngine();
  const scope = contentScope(options.principal.ability);
  const { query } = options;
  // An empty page: the engine counts the matches without ranking or snippets.
  const count = async (text: string, matchingStrategy = query.matchingStrategy, filters = query.filters) => {
    const page = await engine.search({
      query: { ...query, query: text, matchingStrategy, filters },
      scope,
      offset: 0,
      limit: 0,
      exactTotal: options.exactCounts === true,
    });
    return { count: page.total, countIsEstimate: page.totalIsEstimate };
  };

  const parsed = parseSearchQuery(query.query);
  // The whole archive unfiltered is the trigger-kept total (O(1)); counting a million rows would cost more than the query.
  const filtered = Object.values(query.filters).some((value) => value !== undefined);
  const readableEmails = scope === null ? await keptArchiveEmailCount() : (await count("", query.matchingStrategy, {})).count;
  const visibleEmails = filtered ? (await count("")).count : readableEmails;
  let tree: ExplainedClause;
  if (parsed) {
    const explain = async (node: QueryNode): Promise<ExplainedClause> => {
      const children = node.type === "and" || node.type === "or" ? node.children : node.type === "not" ? [node.child] : [];
      const explained = await Promise.all(children.map(explain));
      const text = formatQueryTree(node);
      // NOT x is everything the filters allow but x: no need to search for it.
      const counted =
        node.type === "not"
          ? { count: visibleEmails - explained[0].count, countIsEstimate: explained[0].countIsEstimate }
          : await count(text);
      return { type: node.type, text, ...counted, children: explained };
    };
    tree = await explain(parsed.tree);
  } else {
    const terms = parseSearchTerms(query.query).map((term) => (term.phrase ? `"${term.text}"` : term.text));
    const children: ExplainedClause[] = [];
    for (const term of terms) children.push({ type: "term", text: term, ...(await count(term, "all")), children: [] });
    tree = { type: `terms (matchingStrategy ${query.matchingStrategy})`, text: query.query, ...(await count(query.query)), children };
  }
  // An empty query has no clause of its own: what it brings in is what the filters allow, shown as such.
  const warnings = (query.query === "" ? [] : broadClauses(tree, visibleEmails)).map(
    (clause) =>
      `${clause.text} matches ${clause.countIsEstimate ? "about " : ""}${clause.count} of ${visibleEmails} emails (${Math.round((100 * clause.count) / visibleEmails)}%): it may bring in far more than intended`,
  );
  await appendAuditEntry(pgPool(), {
    actor: options.principal.actor,
    actionType: "SEARCH",
    targetType: "ArchivedEmail",
    targetId: "",
    details: { query, explain: true, total: tree.count, totalIsEstimate: tree.countIsEstimate },
  });
  return {
    searchQuery: query,
    normalized: parsed?.normalized ?? query.query,
    matchingStrategyApplied: parsed === null,
    total: tree.count,
    totalIsEstimate: tree.countIsEstimate,
    visibleEmails,
    readableEmails,
    tree,
    warnings,
  };
}

/** Leaf clauses (not under a NOT) that match more than BROAD_CLAUSE_SHARE of the visible archive. */
function broadClauses(clause: ExplainedClause, visibleEmails: number): ExplainedClause[] {
  if (clause.type === "not") return [];
  if (clause.children.length > 0) return clause.children.flatMap((child) => broadClauses(child, visibleEmails));
  return visibleEmails > 0 && clause.count > BROAD_CLAUSE_SHARE * visibleEmails ? [clause] : [];
}
