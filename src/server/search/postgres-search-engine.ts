import type { Prisma } from "@/generated/prisma/client";
import type { ArchiveCondition } from "../identity/authz/ability";
import { config } from "../platform/config/env";
import { isStatementCancelled } from "../platform/db/database-errors";
import type { SqlClient } from "../platform/db/sql-client";
import { streamRows } from "../platform/db/stream-rows";
import { scopeCondition } from "../archive/archive-scope.queries";
import { toArchivedEmailSummary } from "../archive/load-email-summaries";
import { allOf, filterConditions, phrasesPairsCondition } from "./postgres-search-conditions.queries";
import { adjacentPairsQuery } from "./word-pairs";
import { wordPairsIndexReady } from "./word-pairs-index";
import type { SearchEngine, SearchHit, SearchPage, SearchQuery } from "./search-engine";
import { MAX_QUERY_TERMS, parseSearchTerms } from "./search-terms";
import { searchTimeoutError, withSearchTransaction } from "./search-transaction";
import { listedTierPage, tierCondition, type RankingQuery, type RankingTier, type TierRow } from "./postgres-search-ranking.queries";
import { plainSnippet, renderSnippet } from "./snippet";
import { compileQueryTree, type CompiledQuery } from "./query-language/query-language.queries";
import {
  allTermsCondition,
  anyTermQuery,
  countMatches,
  countMatchesUpTo,
  estimateMatches,
  indexUnindexedEmails,
  matchingIds,
  newestMatches,
  phraseTsqueries,
  matchesInSample,
  searchVectorStatistics,
  termDocumentCounts,
  tsqueryParam,
} from "./postgres-search-engine.queries";
import { parseSearchQuery } from "./query-language/parse-search-query";
import {
  listedNewestPage,
  newestInSlice,
  pageHeadlines,
  sentAtBuckets,
  setStatementTimeout,
  walkedNewestPage,
  walkStep,
  walkStepEnd,
  type WalkMark,
  type Highlight,
  type SentAtSlice,
} from "./postgres-search-newest.queries";

type Sql = Prisma.Sql;

/** Document frequencies for the `frequency` strategy are counted up to this many (docs/search.md). */
export const FREQUENCY_COUNT_CAP = 10_000;
/**
 * Totals up to this many are counted exactly; above it the planner's estimate answers (marked as
 * such), unless an exact total is asked for.
 */
export const EXACT_TOTAL_LIMIT = 5_000;
/**
 * The total of a walked phrase or proximity query, and of an empty page (explain's counts), is
 * estimated from a sample of the table's pages sized to hold about this many of its candidates
 * (candidatesTotal).
 */
export const TOTAL_SAMPLE = 400;
/**
 * A language query whose matches (or candidates) the planner estimates at no more than this is
 * listed whole, newest first, and counted on the way; a larger one is walked newest first.
 * Listing costs a heap read per match, walking a tsvector read per email until the page is full:
 * at a million emails the two meet at about ten thousand matches.
 */
export const LISTED_MATCHES_LIMIT = 10_000;
/**
 * How many of the newest emails a walk reads at most before it lists instead, for a window (offset +
 * limit) of this many: never more than 50,000 (about a second of tsvector reads), so a deep page of
 * a sparse query is listed rather than walked into the statement timeout.
 */
const walkRowsFor = (window: number) => Math.min(50_000, 5_000 + 50 * window);
/**
 * A bounded answer's walk (walkInSteps) reads this many emails in its first step, and twice as many
 * in each next one: few statements for a walk that ends early, a step at a time for one the bound stops.
 */
const FIRST_WALK_STEP_ROWS = 500;
/**
 * A tier holding a word the search vectors' statistics do not know (a case number, a rare name) is
 * estimated by the planner at half the rarest known word's share, up to 0.5 % of the archive (50,000
 * emails at ten million), whatever its real count. Such a tier above LISTED_MATCHES_LIMIT has its
 * matches counted first, up to this many (a few heap pages read at most): below it, it is listed
 * (milliseconds for a case number, where a walk and slices took seconds at ten million); at it, it
 * is walked as before (docs/search.md, "Cost at scale").
 */
export const FEW_MATCHES = 100;
/** The count of FEW_MATCHES is stopped after this share of SEARCH_STATEMENT_TIMEOUT_MS (then the tier is walked). */
const FEW_MATCHES_COUNT_SHARE = 0.02;
/**
 * A walk that did not fill its page is followed by a listing of every match (or candidate). Above
 * this many expected, that listing is done in slices of the archive's dates instead, newest first,
 * and stops at the slice that fills the window (docs/search.md, "Sliced by date").
 */
export const SLICED_LISTING_LIMIT = 20_000;
/**
 * The share of the archive the first (newest) slice holds: about four windows' worth of the expected
 * matches, within these bounds. Each next slice holds as many emails as all newer ones, up to half
 * the archive, then the rest: the emails read are at most about twice those of the slices the page
 * needs, in at most eleven statements.
 */
const FIRST_SLICE_SHARE = { min: 1 / 1024, max: 1 / 64 };
/**
 * A bounded answer (search(): `boundedTime`) ends its slices this share of SEARCH_STATEMENT_TIMEOUT_MS
 * after the search began, leaving the rest for the page's snippets, summaries and audit entry, so
 * that the whole answer stays within the bound (docs/search.md, "Bounded answers").
 */
const BOUNDED_ANSWER_SHARE = 0.8;

/**
 * How long an engine keeps the search vectors' statistics (expectedTierSize) and the planner's
 * estimates of result sets (resultSetEstimate) before asking again; ANALYZE, which both follow,
 * runs far less often on a large archive.
 */
const ESTIMATES_MAX_AGE_MS = 60_000;
/** At most this many result-set estimates are kept (beyond it, all are dropped at once). */
const MAX_KEPT_ESTIMATES = 1_000;

/** The planner's estimate is trusted without a capped count when it exceeds the limit this many times. */
const ESTIMATE_FACTOR = 2;

/**
 * How a query runs: the condition selecting the full result set, and the terms (tsquery texts
 * built by PostgreSQL's own parser, never by splicing user text into tsquery syntax) in the order
 * the strategy drops them from the end.
 */
interface MatchPlan {
  where: Sql;
  /**
   * The filters and the caller's scope (null: none): every match is among these emails, so a walk
   * reads only them, newest first (walkedNewestPage), and an index on them (a date range, the
   * partial index of emails with attachments) finds them without reading the others.
   */
  among: Sql | null;
  /** A superset of `where` whose planner estimate stands for its size, when `where`'s own is known to be far too low (phrases). */
  estimated?: Sql;
  /** A query of the search language with words: listed newest first (languagePage). */
  language?: LanguagePlan;
  /** Null for a query without terms. */
  ranking: RankingQuery | null;
  /**
   * The result set split by the length of the matched prefix of terms, longest first: tier k holds
   * the emails matching the first k terms but not term k+1. Ranking puts tiers in this order.
   */
  tiers: RankingTier[];
}

/**
 * A query of the search language with words: its matches, a superset of them the GIN index
 * answers alone when they need a tsvector read (phrases, proximity, fielded words), and what
 * snippets mark.
 */
interface LanguagePlan {
  candidates: Sql | null;
  highlight: Highlight;
}

interface Total {
  total: number;
  totalIsEstimate: boolean;
}

/**
 * PostgreSQL full-text search: the tsvector is computed in the ingest transaction, so an email
 * is searchable (is_indexed) as soon as it is committed.
 */
export class PostgresSearchEngine implements SearchEngine {
  readonly name = "postgres" as const;
  private readonly exactTotalLimit: number;
  private readonly totalSample: number;
  private readonly listedMatchesLimit: number;
  private readonly walkRows: (window: number) => number;
  private readonly firstWalkStepRows: number;
  private readonly slicedListingLimit: number;
  private readonly slicedBudgetMs: number;
  private readonly boundedAnswerMs: number;
  private readonly fewMatches: number;
  private readonly fewMatchesCountMs: number;
  private readonly now: () => number;
  private readonly wordPairs: boolean;
  /**
   * How many tier pages were walked newest first and how many listed; of the tiers with a word the
   * statistics do not know whose matches were counted, how many had few (then listed), how many
   * more, and how many counts were stopped by their time bound (tests, diagnostics).
   */
  readonly tierPages = { walked: 0, listed: 0, unknownWord: { few: 0, more: 0, stopped: 0 } };
  /** How many language pages were walked newest first (the walk may end before the page is full, then it is listed) and listed (tests). */
  readonly languagePages = { walked: 0, listed: 0 };
  /** How many totals were estimated from a sample of the table (candidatesTotal), and how many samples a bounded answer's bound stopped (tests). */
  readonly totalSamples = { taken: 0, stopped: 0 };
  /** How many steps of bounded walks (walkInSteps) were read whole (tests). */
  readonly boundedWalks = { steps: 0 };
  /** How many pages were listed in date slices, and how many slice statements ran (tests). */
  readonly slicedPages = { pages: 0, slices: 0 };
  /**
   * How often the planner was asked for an estimate of a tier's size or of a result set, and how
   * often a tier was listed or a result set's estimate answered without asking it (tests).
   */
  readonly plannerEstimates = { tiersAsked: 0, tiersUnasked: 0, resultSetsAsked: 0, resultSetsKept: 0 };
  /** The search vectors' statistics expectedTierSize reads, and when they were read. */
  private statistics: { readAt: number; shares: Map<string, number> | null; rarest: number; rows: number } | null = null;
  /** resultSetEstimate's estimates by condition, with when they were asked for. */
  private readonly resultSetEstimates = new Map<string, { estimate: number; at: number }>();

  /** The options change the defaults above (tests). */
  constructor(
    options: {
      exactTotalLimit?: number;
      totalSample?: number;
      listedMatchesLimit?: number;
      walkRows?: (window: number) => number;
      firstWalkStepRows?: number;
      slicedListingLimit?: number;
      /** The time all slices of one listing may take together (default SEARCH_STATEMENT_TIMEOUT_MS). */
      slicedBudgetMs?: number;
      /** A bounded answer's time from the search's start (default BOUNDED_ANSWER_SHARE of SEARCH_STATEMENT_TIMEOUT_MS). */
      boundedAnswerMs?: number;
      /** Below how many matches a tier with a word the statistics do not know is listed (default FEW_MATCHES; 0: never counted). */
      fewMatches?: number;
      /** How long that count may take (default FEW_MATCHES_COUNT_SHARE of SEARCH_STATEMENT_TIMEOUT_MS). */
      fewMatchesCountMs?: number;
      /** The clock of the time bounds and of the kept estimates (tests). */
      now?: () => number;
      /**
       * Whether phrases also ask the word-pair index (word-pairs.ts) once it is valid (the worker
       * builds it in the background: word-pairs-index.ts); off only to compare result sets without it.
       */
      wordPairs?: boolean;
    } = {},
  ) {
    this.exactTotalLimit = options.exactTotalLimit ?? EXACT_TOTAL_LIMIT;
    this.totalSample = options.totalSample ?? TOTAL_SAMPLE;
    this.listedMatchesLimit = options.listedMatchesLimit ?? LISTED_MATCHES_LIMIT;
    this.walkRows = options.walkRows ?? walkRowsFor;
    this.firstWalkStepRows = options.firstWalkStepRows ?? FIRST_WALK_STEP_ROWS;
    this.slicedListingLimit = options.slicedListingLimit ?? SLICED_LISTING_LIMIT;
    this.slicedBudgetMs = options.slicedBudgetMs ?? config.searchStatementTimeoutMs;
    this.boundedAnswerMs = options.boundedAnswerMs ?? Math.round(BOUNDED_ANSWER_SHARE * config.searchStatementTimeoutMs);
    this.fewMatches = options.fewMatches ?? FEW_MATCHES;
    this.fewMatchesCountMs = options.fewMatchesCountMs ?? Math.round(FEW_MATCHES_COUNT_SHARE * config.searchStatementTimeoutMs);
    this.now = options.now ?? Date.now;
    this.wordPairs = options.wordPairs ?? true;
  }

  async indexEmails(client: SqlClient, emailIds: string[]): Promise<void> {
    if (emailIds.length === 0) return;
    // Ingestion inserts its rows with their vector (insertArchivedEmails), so only rows without one are left.
    await indexUnindexedEmails(client, emailIds);
  }

  async removeEmails(): Promise<void> {
    // The tsvector lives on the row, so deleting the row removes it from the index.
  }

  async search(options: {
    query: SearchQuery;
    scope: ArchiveCondition[] | null;
    offset: number;
    limit: number;
    exactTotal?: boolean;
    boundedTime?: boolean;
  }): Promise<SearchPage> {
    const countLimit = options.exactTotal === true ? Infinity : this.exactTotalLimit;
    const answerBy = options.boundedTime === true && options.exactTotal !== true ? this.now() + this.boundedAnswerMs : null;
    return withSearchTransaction(async (client, genericPlans) => {
      const plan = await this.plan(client, options.query, options.scope);
      if (plan.language) {
        return this.languagePage(client, plan, plan.language, { offset: options.offset, limit: options.limit, countLimit, answerBy });
      }
      if (!plan.ranking) return this.newestFirst(client, plan.where, options.offset, options.limit, countLimit);
      return this.ranked(client, plan, { offset: options.offset, limit: options.limit, countLimit, answerBy, genericPlans });
    });
  }

  async *searchAllIds(options: { query: SearchQuery; pageSize: number; scope?: ArchiveCondition[] | null }): AsyncIterable<string[]> {
    if (!Number.isInteger(options.pageSize) || options.pageSize < 1) throw new Error("pageSize must be a positive integer");
    // Past the result window, bounded by the bulk operations' own, generous timeout (docs/search.md, "Bounds").
    const statementTimeoutMs = config.bulkSearchTimeoutMs;
    const { where } = await withSearchTransaction((client) => this.plan(client, options.query, options.scope ?? null), {
      statementTimeoutMs,
    });
    try {
      for await (const rows of streamRows<{ id: string }>(matchingIds(where), options.pageSize, {
        workMemMb: config.searchWorkMemMb,
        statementTimeoutMs,
      })) {
        yield rows.map((row) => row.id);
      }
    } catch (error) {
      throw searchTimeoutError(error, "Listing every match of the search", statementTimeoutMs);
    }
  }

  async matchingCondition(client: SqlClient, options: { query: SearchQuery; scope: ArchiveCondition[] | null }): Promise<Sql> {
    return (await this.plan(client, options.query, options.scope)).where;
  }

  private async plan(client: SqlClient, query: SearchQuery, scope: ArchiveCondition[] | null): Promise<MatchPlan> {
    const scopeSql = scopeCondition(scope);
    const scoped = scopeSql ? [scopeSql] : [];
    const restrictions = [...filterConditions(query.filters), ...scoped];
    const among = restrictions.length > 0 ? allOf([...filterConditions(query.filters, "walked"), ...scoped]) : null;
    const parsed = parseSearchQuery(query.query);
    const wordPairs = this.wordPairs && (await wordPairsIndexReady(client));
    if (parsed) return languagePlan(await compileQueryTree(client, parsed.tree, { wordPairs }), restrictions, among);
    const terms = await resolveTerms(client, query.query);
    if (terms.length === 0) return { where: allOf(restrictions), among, ranking: null, tiers: [] };
    const ordered = query.matchingStrategy === "frequency" ? await rarestFirst(client, terms, restrictions) : terms;
    const rankedTerms = ordered.map(tsqueryParam);
    // A quoted phrase's word pairs (word-pairs.ts) are implied by it: the same matches, found by the word-pair index.
    const pairsQueries = ordered.map((term) => (wordPairs ? adjacentPairsQuery(term) : null));
    const matching = (length: number) => {
      const pairs = phrasesPairsCondition(pairsQueries.slice(0, length));
      // The pairs last: where a row's match is computed (a walk), only a row that matched the rest computes them.
      return allOf([allTermsCondition(rankedTerms.slice(0, length)), ...restrictions, ...(pairs ? [pairs] : [])]);
    };
    // The planner multiplies the estimates of a phrase's words and of its pairs as if independent, far
    // below the phrase's real frequency; its pairs alone estimate it (a superset, from their statistics).
    const estimated = (length: number) => {
      const pairs = phrasesPairsCondition(pairsQueries.slice(0, length));
      if (!pairs) return undefined;
      const words = rankedTerms.slice(0, length).filter((_, index) => pairsQueries[index] === null);
      return allOf([...(words.length > 0 ? [allTermsCondition(words)] : []), pairs, ...restrictions]);
    };
    const shortestPrefix = query.matchingStrategy === "all" ? rankedTerms.length : 1;
    const tiers: RankingTier[] = [];
    for (let length = rankedTerms.length; length >= shortestPrefix; length--) {
      tiers.push({
        matching: matching(length),
        wordsAlone: restrictions.length === 0 && phrasesPairsCondition(pairsQueries.slice(0, length)) === null,
        estimated: estimated(length),
        excluded: rankedTerms[length] ?? null,
        undecided: rankedTerms.slice(length + 1),
        requiredLexemes: [...new Set(ordered.slice(0, length).flatMap(lexemesOf))],
      });
    }
    const anyTerm = anyTermQuery(rankedTerms);
    return {
      where: matching(shortestPrefix),
      among,
      estimated: estimated(shortestPrefix),
      ranking: { anyTerm, lexemes: [...new Set(ordered.flatMap(lexemesOf))] },
      tiers,
    };
  }

  private async newestFirst(client: SqlClient, where: Sql, offset: number, limit: number, countLimit: number): Promise<SearchPage> {
    const rows = await newestMatches(client, where, { offset, limit });
    const total = await totalOf(client, where, countLimit);
    return { hits: rows.map((row) => ({ id: row.id, snippet: plainSnippet(row.text) })), ...total };
  }

  /**
   * Ranking: how long a prefix of the (strategy-ordered) terms the email matches, then how many
   * terms it matches, then newest first (docs/search.md, "Ranking"). The tiers of the prefix length
   * are read longest first and only as far as the requested window reaches, so the emails that
   * merely contain a frequent first word are read only when the page needs them. A tier whose page
   * is not full is exhausted, so its size is known; the total is exact when the last tier is listed
   * (its candidates are the whole result set: the tiers partition it), else totalOf(). A query of
   * one tier (one term, or every term required) is newest first, so its first page can be a bounded
   * answer as a language query's is (`answerBy`, docs/search.md, "Bounded answers").
   */
  private async ranked(
    client: SqlClient,
    plan: MatchPlan,
    options: { offset: number; limit: number; countLimit: number; answerBy: number | null; genericPlans: SqlClient },
  ): Promise<SearchPage> {
    const { offset, limit, countLimit, genericPlans } = options;
    const answerBy = plan.tiers.length === 1 ? options.answerBy : null;
    const hits: SearchHit[] = [];
    let skip = offset;
    let counted = 0;
    for (const [index, tier] of plan.tiers.entries()) {
      const wanted = limit - hits.length;
      const last = index === plan.tiers.length - 1;
      const tierPage =
        wanted > 0
          ? await this.tierPage(
              client,
              plan.ranking!,
              tier,
              { offset: skip, limit: wanted, answerBy, among: plan.among, genericPlans },
              last,
            )
          : { rows: [], candidates: null, matches: null };
      if ("answered" in tierPage) return tierPage.answered;
      const { rows, candidates, matches } = tierPage;
      hits.push(...rows.map(toHit));
      if (rows.length === wanted) {
        // A walked tier, or an empty page (explain's counts), counted nothing; only the last tier's candidates are the result set.
        if (!last || candidates === null || rows.length === 0) {
          const estimate = countLimit === Infinity ? undefined : await this.resultSetEstimate(client, plan.estimated ?? plan.where);
          return { hits, ...(await totalOf(client, plan.where, countLimit, estimate)) };
        }
        return { hits, total: candidates, totalIsEstimate: false };
      }
      // A page that is not full read the tier to its end: from its start (skip 0), the page is the whole tier.
      const tierSize = rows.length > 0 || skip === 0 ? skip + rows.length : (matches ?? (await countMatches(client, tierCondition(tier))));
      counted += tierSize;
      skip = Math.max(0, skip - tierSize);
    }
    return { hits, total: counted, totalIsEstimate: false };
  }

  /**
   * One page of a tier, newest first: walked from the newest email when the planner expects many
   * candidates and the tier has no undecided terms (the page is then found among the first emails
   * read), else listed (listedTierPage), which also counts the candidates. A walk that ends before
   * the page is full is followed by a listing, as for language queries (`candidates` is null after a walk).
   *
   * Walked or listed, a tier's page holds the same rows; only the last tier's listing also counts the
   * result set (ranked()). So a tier before the last that the search vector's statistics expect to
   * be small is listed without asking the planner (a statement less per query: expectedTierSize).
   */
  private async tierPage(
    client: SqlClient,
    ranking: RankingQuery,
    tier: RankingTier,
    page: { offset: number; limit: number; answerBy: number | null; among: Sql | null; genericPlans: SqlClient },
    last: boolean,
  ): Promise<{ rows: TierRow[]; candidates: number | null; matches: number | null } | { answered: SearchPage }> {
    const { offset, limit } = page;
    const highlight = { query: ranking.anyTerm, lexemes: ranking.lexemes };
    const estimate = tier.undecided.length === 0 ? await this.tierEstimate(client, tier, last) : 0;
    if (estimate > this.listedMatchesLimit) {
      const few = this.fewMatches > 0 && (await this.holdsUnknownWord(client, tier)) && (await this.hasFewMatches(client, tier));
      if (!few) {
        this.tierPages.walked += 1;
        const walked = await this.walkedPage(client, {
          where: tierCondition(tier),
          among: page.among,
          highlight,
          offset,
          limit,
          estimate,
          answerBy: page.answerBy,
        });
        if (walked && "answered" in walked) return walked;
        if (walked) return { rows: walked.rows, candidates: null, matches: walked.matches };
      }
    }
    this.tierPages.listed += 1;
    const listing = tier.wordsAlone ? page.genericPlans : client;
    return { ...(await listedTierPage(listing, ranking, tier, { offset, limit })), matches: null };
  }

  /**
   * A page walked from the newest email, followed when the walk does not fill it and more than
   * slicedListingLimit matches are expected by the date slices (slicedPage); with `answerBy`, a
   * first page walks in steps (walkInSteps) and the bound ends the walk or the slices with what they
   * read whole (`answered`, a bounded answer). `matches`: every match's count, when the slices read
   * them all. Null: the walk did not fill the page and the slices are not worth it; list instead.
   */
  private async walkedPage(
    client: SqlClient,
    options: {
      where: Sql;
      among: Sql | null;
      highlight: Highlight;
      offset: number;
      limit: number;
      estimate: number;
      answerBy: number | null;
    },
  ): Promise<{ answered: SearchPage } | { rows: TierRow[]; matches: number | null } | null> {
    const { where, among, highlight, offset, limit, estimate, answerBy } = options;
    const walkRows = this.walkRows(offset + limit);
    // A bounded first page walks in steps, so that the bound stops the walk with what it read.
    const stepped = answerBy !== null && offset === 0 ? await this.walkInSteps(client, { where, limit, walkRows, answerBy }) : null;
    if (stepped?.stopped) return { answered: this.walkedAnswer(await pageHeadlines(client, stepped.ids, highlight), stepped.searchedFrom) };
    const rows = stepped
      ? await pageHeadlines(client, stepped.ids, highlight)
      : await walkedNewestPage(client, {
          where,
          among,
          offset,
          limit,
          walkRows: await this.filteredWalkRows(client, among, walkRows),
          highlight,
        });
    if (rows.length === limit) return { rows, matches: null };
    // The steps read every email of the archive: their matches are all of them, nothing to list again.
    if (stepped?.searchedFrom === null) return { answered: this.walkedAnswer(rows, null) };
    if (estimate <= this.slicedListingLimit) return null;
    const sliced = await this.slicedPage(client, where, highlight, { offset, limit, estimate, answerBy }).catch((error: unknown) => {
      // No slice was read whole by a bounded answer's time: the walk's emails were, and answer on their own.
      if (stepped === null || !isStatementCancelled(error)) throw error;
      return null;
    });
    if (sliced === null) return { answered: this.walkedAnswer(rows, stepped!.searchedFrom) };
    if (sliced.partial) {
      // Stopped by the bound: the matches of the emails read are all counted (the window was not filled), the older ones are not.
      const { found, searchedFrom } = sliced.partial;
      return { answered: { hits: sliced.rows.map(toHit), total: found, totalIsEstimate: true, searchedFrom: new Date(searchedFrom) } };
    }
    return { rows: sliced.rows, matches: sliced.matches };
  }

  /**
   * How many of the filtered emails (`among`) a walk reads: as many as it would meet among
   * `walkRows` emails of the whole archive if they were spread evenly over it (the planner's
   * estimate of the filters, kept a minute as a result set's). So a filter changes which emails a
   * walk reads, not how many of them it checks for the words: a recent import without attachments
   * no longer hides the emails with attachments behind it, and a filter to a few emails does not
   * make the walk read further back than the whole archive's would.
   */
  private async filteredWalkRows(client: SqlClient, among: Sql | null, walkRows: number): Promise<number> {
    if (among === null) return walkRows;
    const { rows } = await this.vectorStatistics(client);
    if (rows <= 0) return walkRows;
    const share = Math.min(1, (await this.resultSetEstimate(client, among)) / rows);
    return Math.ceil(walkRows * share);
  }

  /**
   * Whether the tier's candidates are fewer than fewMatches, counted up to it within
   * fewMatchesCountMs (a count the bound stops: not few).
   */
  private async hasFewMatches(client: SqlClient, tier: RankingTier): Promise<boolean> {
    const counted = await withinMs(client, this.fewMatchesCountMs, () => countMatchesUpTo(client, tier.matching, this.fewMatches - 1));
    if (counted === null) {
      this.tierPages.unknownWord.stopped += 1;
      return false;
    }
    const few = counted < this.fewMatches;
    this.tierPages.unknownWord[few ? "few" : "more"] += 1;
    return few;
  }

  /**
   * Whether one of the tier's required words is not among the most common lexemes ANALYZE recorded:
   * the planner's estimate of the tier is then only an upper bound (docs/search.md, "Cost at
   * scale"). False before the first ANALYZE.
   */
  private async holdsUnknownWord(client: SqlClient, tier: RankingTier): Promise<boolean> {
    const { shares } = await this.vectorStatistics(client);
    return shares !== null && tier.requiredLexemes.some((lexeme) => !shares.has(lexeme));
  }

  /**
   * The planner's estimate of an operator-free query's result set (its first term and the
   * restrictions), kept a minute per engine: queries that start with the same word under the same
   * filters and scope share it. It only says whether the total is counted (up to EXACT_TOTAL_LIMIT,
   * always afresh) or answered as an estimate (totalIsEstimate), and the planner's own figure is as
   * old as the last ANALYZE.
   */
  private async resultSetEstimate(client: SqlClient, where: Sql): Promise<number> {
    const key = JSON.stringify([where.text, where.values]);
    const known = this.resultSetEstimates.get(key);
    if (known && this.now() - known.at <= ESTIMATES_MAX_AGE_MS) {
      this.plannerEstimates.resultSetsKept += 1;
      return known.estimate;
    }
    this.plannerEstimates.resultSetsAsked += 1;
    const estimate = await estimateMatches(client, where);
    if (this.resultSetEstimates.size >= MAX_KEPT_ESTIMATES) this.resultSetEstimates.clear();
    this.resultSetEstimates.set(key, { estimate, at: this.now() });
    return estimate;
  }

  /** The planner's estimate of a tier's size, unless the tier is not the last and expectedTierSize says it is listed. */
  private async tierEstimate(client: SqlClient, tier: RankingTier, last: boolean): Promise<number> {
    if (!last) {
      const expected = await this.expectedTierSize(client, tier);
      if (expected !== null && expected <= this.listedMatchesLimit) {
        this.plannerEstimates.tiersUnasked += 1;
        return expected;
      }
    }
    this.plannerEstimates.tiersAsked += 1;
    return estimateMatches(client, tier.estimated ?? tier.matching);
  }

  /**
   * How many emails a tier may hold, from what ANALYZE recorded about the search vectors (read once
   * a minute per engine; null before the first ANALYZE): the rows times the share of emails holding
   * each required lexeme, a lexeme not among the most common counting as half the least common's
   * share (at most 0.5 %), as the planner counts it. The restrictions are left out, so it is at
   * least the planner's estimate of the tier's words alone.
   */
  private async expectedTierSize(client: SqlClient, tier: RankingTier): Promise<number | null> {
    const { shares, rarest, rows } = await this.vectorStatistics(client);
    if (!shares) return null;
    return tier.requiredLexemes.reduce((expected, lexeme) => expected * (shares.get(lexeme) ?? rarest), rows);
  }

  /** What ANALYZE recorded about the search vectors, read once a minute per engine (shares null before the first ANALYZE). */
  private async vectorStatistics(client: SqlClient): Promise<{ shares: Map<string, number> | null; rarest: number; rows: number }> {
    if (this.statistics === null || this.now() - this.statistics.readAt > ESTIMATES_MAX_AGE_MS) {
      const read = await searchVectorStatistics(client);
      this.statistics = {
        readAt: this.now(),
        shares: read && new Map(read.lexemes.map((lexeme, index) => [lexeme, read.frequencies[index]])),
        rarest: read ? Math.min(0.005, Math.min(...read.frequencies.slice(0, read.lexemes.length)) / 2) : 0,
        rows: read?.rows ?? 0,
      };
    }
    return this.statistics;
  }

  /**
   * A page of the matches newest first, listed one slice of the archive's dates at a time, newest
   * slice first, until the window (offset + limit) is filled: the same rows, in the same order, as
   * listing every match at once (a slice holds every email of its dates, and slices do not overlap),
   * but only the slices the page needs are read. `matches` is the number of matches when every slice
   * was read without filling the window (then every match was seen), else null.
   */
  private async slicedPage(
    client: SqlClient,
    where: Sql,
    highlight: Highlight,
    page: { offset: number; limit: number; estimate: number; answerBy?: number | null },
  ): Promise<{ rows: TierRow[]; matches: number | null; partial?: { searchedFrom: number; found: number } }> {
    const { offset, limit, estimate } = page;
    const window = offset + limit;
    const found: string[] = [];
    this.slicedPages.pages += 1;
    // The slices share one statement's time bound: listing every match at once was one statement
    // under SEARCH_STATEMENT_TIMEOUT_MS, and slicing must not let a search run eleven times as long.
    // A bounded answer ends them earlier, at its own time, with what the slices read so far.
    const deadline = Math.min(this.now() + this.slicedBudgetMs, page.answerBy ?? Infinity);
    // The oldest instant down to which every slice was read, when the bound ended the listing.
    let searchedFrom: number | undefined;
    let read: number | null = null;
    try {
      // A bounded answer that has read at least one slice whole ends at the bound with what it read.
      const answersAtBound = () => page.answerBy != null && read !== null;
      for (const slice of newestFirstSlices(await sentAtBuckets(client), firstShare(window, estimate))) {
        const listed = await this.sliceBefore(client, deadline, { where, slice, limit: window - found.length }, answersAtBound());
        if (listed === null) {
          if (!answersAtBound()) throw Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
          searchedFrom = read!;
          break;
        }
        found.push(...listed);
        this.slicedPages.slices += 1;
        if (found.length >= window || slice.from === null) break;
        read = slice.from;
      }
    } finally {
      await setStatementTimeout(client, null);
    }
    const rows = await pageHeadlines(client, found.slice(offset, window), highlight);
    if (searchedFrom !== undefined) return { rows, matches: null, partial: { searchedFrom, found: found.length } };
    return { rows, matches: found.length < window ? found.length : null };
  }

  /**
   * Up to `limit` matches of one slice within the time left before `deadline`; null when none is
   * left, or when `stopsQuietly` and the bound cancelled the slice's statement.
   */
  private async sliceBefore(
    client: SqlClient,
    deadline: number,
    options: { where: Sql; slice: SentAtSlice; limit: number },
    stopsQuietly: boolean,
  ): Promise<string[] | null> {
    const remaining = deadline - this.now();
    if (remaining <= 0) return null;
    await setStatementTimeout(client, remaining);
    try {
      return await newestInSlice(client, options);
    } catch (error) {
      if (stopsQuietly && isStatementCancelled(error)) return null;
      throw error;
    }
  }

  /**
   * A bounded answer from a first page's walk alone: the matches of the emails walked whole, every
   * email sent at or after `searchedFrom` (null: the walk read the whole archive, so every match).
   */
  private walkedAnswer(rows: TierRow[], searchedFrom: number | null): SearchPage {
    if (searchedFrom === null) return { hits: rows.map(toHit), total: rows.length, totalIsEstimate: false };
    const hits = rows.filter((row) => row.sentAt.getTime() >= searchedFrom).map(toHit);
    return { hits, total: hits.length, totalIsEstimate: true, searchedFrom: new Date(searchedFrom) };
  }

  /**
   * walkedNewestPage's walk for a bounded answer's first page, in steps of growing size, each a
   * statement bounded by the time left before `answerBy`. `ids`: the matches found, newest first
   * (up to `limit`); `searchedFrom`: every email sent at or after it was read (null: every email
   * was); `stopped`: the bound ended the walk after at least one step (none: the search's 503).
   */
  private async walkInSteps(
    client: SqlClient,
    options: { where: Sql; limit: number; walkRows: number; answerBy: number },
  ): Promise<{ ids: string[]; searchedFrom: number | null; stopped: boolean }> {
    const { where, limit, walkRows, answerBy } = options;
    const ids: string[] = [];
    let after: WalkMark | null = null;
    let walked = 0;
    let stepRows = this.firstWalkStepRows;
    // The emails of the last walked one's millisecond may not all have been read: an answer starts after it.
    const searchedFrom = () => (after === null ? null : after.ms + 1);
    try {
      while (walked < walkRows && ids.length < limit) {
        const remaining = answerBy - this.now();
        if (remaining <= 0) return this.stoppedWalk(ids, after, searchedFrom());
        await setStatementTimeout(client, Math.min(remaining, config.searchStatementTimeoutMs));
        const rows = Math.min(stepRows, walkRows - walked);
        let end: WalkMark | null;
        try {
          end = await walkStepEnd(client, { after, rows });
          ids.push(...(await walkStep(client, { where, after, end, limit: limit - ids.length })));
        } catch (error) {
          if (isStatementCancelled(error)) return this.stoppedWalk(ids, after, searchedFrom());
          throw error;
        }
        // The archive ended within this step: every email was walked.
        if (end === null) return { ids, searchedFrom: null, stopped: false };
        this.boundedWalks.steps += 1;
        after = end;
        walked += rows;
        stepRows *= 2;
      }
    } finally {
      await setStatementTimeout(client, null);
    }
    return { ids, searchedFrom: searchedFrom(), stopped: false };
  }

  /** A walk the bound stopped: its answer if one step was read whole, else the search's 503. */
  private stoppedWalk(ids: string[], after: WalkMark | null, searchedFrom: number | null) {
    if (after === null) throw Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
    return { ids, searchedFrom, stopped: true };
  }

  /**
   * A page of a language query, newest first (docs/search.md, "Order"): walked from the newest
   * email when its matches are many, else listed whole. An empty page (explain's counts) only counts.
   */
  private async languagePage(
    client: SqlClient,
    { where, among }: MatchPlan,
    language: LanguagePlan,
    options: { offset: number; limit: number; countLimit: number; answerBy: number | null },
  ): Promise<SearchPage> {
    const { offset, limit, countLimit, answerBy } = options;
    // `estimate`: the planner's estimate of the candidates (or matches), when already asked for.
    const total = (found: number, estimate?: number) =>
      language.candidates
        ? this.candidatesTotal(client, { where, candidates: language.candidates }, { found, countLimit, knownEstimate: estimate, answerBy })
        : totalOf(client, where, countLimit, estimate);
    if (limit === 0) return { hits: [], ...(await total(0)) };
    const { highlight } = language;
    const estimate = await estimateMatches(client, language.candidates ?? where);
    if (estimate > this.listedMatchesLimit) {
      this.languagePages.walked += 1;
      const walked = await this.walkedPage(client, { where, among, highlight, offset, limit, estimate, answerBy });
      if (walked && "answered" in walked) return walked.answered;
      if (walked) {
        const hits = walked.rows.map(toHit);
        if (walked.matches !== null) return { hits, total: walked.matches, totalIsEstimate: false };
        return { hits, ...(await total(offset + limit, estimate)) };
      }
    }
    this.languagePages.listed += 1;
    const listed = await listedNewestPage(client, { where, offset, limit, highlight });
    return { hits: listed.rows.map(toHit), total: listed.total, totalIsEstimate: false };
  }

  /**
   * The size of a result set whose matches are found among candidates (phrases, proximity): counted
   * when few enough; else estimated from the emails of a sample
   * of the table's pages sized to hold about `totalSample` candidates (each page is sampled with
   * the same probability, so matches found / probability estimates the total without bias). The
   * planner cannot estimate positions: it takes a proximity for about as common as its words.
   * `knownEstimate`: the planner's estimate of the candidates, when the caller has already asked for it.
   */
  private async candidatesTotal(
    client: SqlClient,
    matches: { where: Sql; candidates: Sql },
    options: { found: number; countLimit: number; knownEstimate?: number; answerBy: number | null },
  ): Promise<Total> {
    const { found, countLimit, knownEstimate, answerBy } = options;
    if (countLimit === Infinity) return totalOf(client, matches.where, countLimit);
    const estimatedCandidates = knownEstimate ?? (await estimateMatches(client, matches.candidates));
    if (estimatedCandidates <= ESTIMATE_FACTOR * countLimit) return totalOf(client, matches.where, countLimit);
    const percent = Math.min(100, (100 * this.totalSample) / estimatedCandidates);
    const sample = () => matchesInSample(client, matches.where, percent);
    // A bounded answer's sample ends at the bound: the candidates' estimate (more than the matches) answers instead.
    const matched = answerBy === null ? await sample() : await withinMs(client, answerBy - this.now(), sample);
    if (matched === null) {
      this.totalSamples.stopped += 1;
      return { total: Math.max(found, estimatedCandidates), totalIsEstimate: true };
    }
    this.totalSamples.taken += 1;
    return { total: Math.max(found, Math.round((matched * 100) / percent)), totalIsEstimate: percent < 100 };
  }
}

/**
 * `work`, one statement, stopped after `milliseconds` (at most the search's statement timeout): its
 * result, or null when the bound cancelled it or had passed already.
 */
async function withinMs<T>(client: SqlClient, milliseconds: number, work: () => Promise<T>): Promise<T | null> {
  if (milliseconds <= 0) return null;
  await setStatementTimeout(client, Math.min(milliseconds, config.searchStatementTimeoutMs));
  try {
    return await work();
  } catch (error) {
    if (isStatementCancelled(error)) return null;
    throw error;
  } finally {
    await setStatementTimeout(client, null);
  }
}

/**
 * A query of the search language runs exactly as written, and its matches are listed newest first
 * (a query of fields only too, without words to mark in snippets).
 */
function languagePlan(compiled: CompiledQuery, restrictions: Sql[], among: Sql | null): MatchPlan {
  // The pairs last: where a row's match is computed (a walk), only a row that matched the rest computes them.
  const where = allOf([compiled.where, ...restrictions, ...(compiled.pairs ? [compiled.pairs] : [])]);
  if (compiled.highlightTerms.length === 0) return { where, among, ranking: null, tiers: [] };
  const candidates = compiled.candidates ? allOf([compiled.candidates, ...restrictions]) : null;
  const highlight = {
    query: anyTermQuery(compiled.highlightTerms.map(tsqueryParam)),
    lexemes: [...new Set(compiled.highlightTerms.flatMap(lexemesOf))],
  };
  return { where, among, ranking: null, tiers: [], language: { candidates, highlight } };
}

/**
 * Date slices of the archive, newest first, from the bounds of its equal-count date buckets
 * (sentAtBuckets, oldest first, milliseconds): the first holds about the newest `firstShare` of the
 * emails (interpolated within a bucket, as if its dates were spread evenly), each next one as many
 * as all newer ones, up to half the archive, the last every older email. The first slice has no
 * upper bound (mail archived since the statistics were gathered is the newest) and the last no lower
 * one. Without statistics, one slice: the whole archive. Where the cuts fall changes how much each
 * statement reads, never the page: the slices are contiguous and do not overlap.
 */
export function newestFirstSlices(bounds: number[], firstShare: number): SentAtSlice[] {
  const buckets = bounds.length - 1;
  if (buckets < 2) return [{ from: null, before: null }];
  const cutAt = (share: number) => {
    const position = buckets * (1 - share);
    const below = Math.floor(position);
    return Math.round(bounds[below] + (position - below) * (bounds[Math.min(buckets, below + 1)] - bounds[below]));
  };
  const slices: SentAtSlice[] = [];
  let before: number | null = null;
  for (let share = firstShare; share <= 0.5; share *= 2) {
    const cut = cutAt(share);
    if (before !== null && cut >= before) continue;
    slices.push({ from: cut, before });
    before = cut;
  }
  slices.push({ from: null, before });
  return slices;
}

/** The share of the archive the first slice holds: about four windows of the expected matches. */
const firstShare = (window: number, estimate: number) =>
  Math.min(FIRST_SLICE_SHARE.max, Math.max(FIRST_SLICE_SHARE.min, (4 * window) / Math.max(1, estimate)));

/** A hit with its summary, read in the page's statement (searchResultSummaries then reads none). */
const toHit = (row: TierRow): SearchHit => ({ id: row.id, snippet: renderSnippet(row.headline), summary: toArchivedEmailSummary(row) });

/**
 * The size of the result set: counted exactly up to `countLimit` (Infinity: always); beyond it,
 * the planner's estimate, which PostgreSQL derives from the index statistics without visiting the
 * matches (counting a frequent word's matches reads most of the table); `knownEstimate` is that
 * estimate when the caller has already asked for it.
 */
async function totalOf(client: SqlClient, where: Sql, countLimit: number, knownEstimate?: number): Promise<Total> {
  if (countLimit === Infinity) return { total: await countMatches(client, where), totalIsEstimate: false };
  const estimate = knownEstimate ?? (await estimateMatches(client, where));
  if (estimate > ESTIMATE_FACTOR * countLimit) return { total: estimate, totalIsEstimate: true };
  const counted = await countMatchesUpTo(client, where, countLimit);
  if (counted <= countLimit) return { total: counted, totalIsEstimate: false };
  return { total: Math.max(estimate, counted), totalIsEstimate: true };
}

/** The lexemes of a tsquery text such as `'big' <-> 'budget'`. */
function lexemesOf(tsqueryText: string): string[] {
  return [...tsqueryText.matchAll(/'((?:[^']|'')+)'/g)].map((match) => match[1].replace(/''/g, "'"));
}

/**
 * The query's terms as tsquery texts, built by phraseto_tsquery with the index's configuration:
 * it reads plain text only, so tsquery operators typed by the user are just punctuation. Terms
 * without any word are dropped; the first MAX_QUERY_TERMS remaining count.
 */
async function resolveTerms(client: SqlClient, query: string): Promise<string[]> {
  const texts = parseSearchTerms(query).map((term) => term.text);
  if (texts.length === 0) return [];
  const plain = texts.map(plainWordTsquery);
  if (plain.every((text) => text !== null)) return (plain as string[]).slice(0, MAX_QUERY_TERMS);
  return (await phraseTsqueries(client, texts)).slice(0, MAX_QUERY_TERMS);
}

/**
 * A word of ASCII letters and digits only, as phraseto_tsquery('simple', word) writes it (one token
 * of the default parser, lower-cased by the simple dictionary: `'k123'`), so most queries need no
 * round trip to turn their words into tsquery texts; null for anything else, which PostgreSQL
 * parses. `postgres-search-tier-order.int.test.ts` checks it against PostgreSQL.
 */
export function plainWordTsquery(word: string): string | null {
  return /^[A-Za-z0-9]{1,100}$/.test(word) ? `'${word.toLowerCase()}'` : null;
}

/** Terms ordered rarest first within the filtered, scoped set (counts capped; ties keep query order). */
async function rarestFirst(client: SqlClient, terms: string[], restrictions: Sql[]): Promise<string[]> {
  const rows = await termDocumentCounts(client, terms, restrictions, FREQUENCY_COUNT_CAP);
  const documents = new Map(rows.map((row) => [row.position, row.documents]));
  return terms
    .map((term, index) => ({ term, index, documents: documents.get(index) ?? 0 }))
    .sort((a, b) => a.documents - b.documents || a.index - b.index)
    .map((entry) => entry.term);
}
