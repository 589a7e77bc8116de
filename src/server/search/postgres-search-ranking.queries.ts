import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../platform/db/sql-client";
import { headlineSelect } from "./postgres-search-snippet.queries";

type Sql = Prisma.Sql;

/**
 * One tier of the ranking: the emails matching the first k terms (`matching`, restrictions
 * included) but not term k+1 (`excluded`, null for the tier of all terms).
 */
export interface RankingTier {
  matching: Sql;
  excluded: Sql | null;
  /** The terms after the excluded one: within the tier, the number of terms matched is the number of these. */
  undecided: Sql[];
}

export interface RankingQuery {
  /** All terms OR-ed: what ts_rank_cd scores and snippets mark. */
  anyTerm: Sql;
  /** The lexemes of the terms (snippet window). */
  lexemes: string[];
  /**
   * When every scored term is one lexeme, the number of terms: ts_rank_cd then adds the weight of each
   * position of each term's lexeme, so it is at most this many times an email's search_rank_bound
   * (migration 20261123130000_search_rank_bound). Null otherwise (phrases): no email is skipped.
   */
  singleLexemeTerms: number | null;
}

/** At least this many emails with the highest bounds are ranked first, to find the rank the page needs. */
const PROBE_MIN = 100;
/** Covers float4 rounding of the stored bound and of ts_rank_cd's sum (relative errors ~1e-7). */
const BOUND_SLACK = 1e-4;

export interface RankedRow {
  id: string;
  headline: string;
  /** The ranking keys (hits, rank, sent_at): a page carried into a second listing of the tier. */
  hits: number;
  rank: number;
  sent_at: Date;
  /** With countCandidates: how many emails were listed. */
  candidates: number | null;
  /** The rank of the window's last email among the probe (null: it had fewer matches than the window). */
  floor: number | null;
}

/**
 * How many times an email's bound its rank can reach (the scored terms, less the excluded one, which
 * no email of the tier contains); null when the bound does not apply (phrases scored).
 */
export function boundMultiplier(query: RankingQuery, tier: RankingTier): number | null {
  return query.singleLexemeTerms === null ? null : query.singleLexemeTerms - (tier.excluded ? 1 : 0);
}

/** Whether an email with this bound can reach the rank `floor` (the test `reachesFloor` makes in SQL). */
export const boundReaches = (bound: number, multiplier: number, floor: number): boolean =>
  bound * multiplier * (1 + BOUND_SLACK) + BOUND_SLACK >= floor;

/**
 * A bound below which no email can reach `floor` (lowered by a millionth so that rounding it to
 * float4 in SQL cannot exclude one that can).
 */
export const lowestReachingBound = (multiplier: number, floor: number): number =>
  multiplier > 0 ? ((floor - BOUND_SLACK) / (multiplier * (1 + BOUND_SLACK))) * (1 - 1e-6) : Infinity;

export const tierCondition = (tier: RankingTier): Sql =>
  tier.excluded ? Prisma.sql`${tier.matching} AND NOT (e.search_vector @@ ${tier.excluded})` : tier.matching;

/**
 * One page of one tier's emails in ranking order (the number of undecided terms matched, then
 * ts_rank_cd, then newest first, then id), with snippets; with `countCandidates`, also how many
 * emails match the tier's terms and restrictions without the exclusion (for the last tier, the
 * size of the whole result set).
 *
 * Ranking reads each email's tsvector, which for long real messages (stored out of line, many
 * positions) dominates the cost. So the candidates are listed without it, in order of their
 * stored bound, and ranked in two steps: those with the highest bounds first; the rank of the
 * `offset + limit`-th best of those (when they all match every undecided term) is a floor that the
 * page's last email reaches; the others are ranked only when their bound times the number of
 * terms can reach that floor. Those skipped cannot rank in the page, so the page is the one full
 * ranking would give.
 */
export async function rankedTierPage(
  client: SqlClient,
  query: RankingQuery,
  tier: RankingTier,
  page: {
    offset: number;
    limit: number;
    countCandidates: boolean;
    /** List only the candidates with at least this bound. */
    minBound?: number;
    /** List only the candidates with a bound below this one (a band under a listing already ranked). */
    belowBound?: number;
    /**
     * The best `offset + limit` rows of the tier's candidates at and above `belowBound` (offset 0):
     * ranked with this listing's, so its page is that of both listings.
     */
    carried?: RankedRow[];
  },
) {
  const { offset, limit } = page;
  const window = offset + limit;
  const probeSize = Math.max(PROBE_MIN, 2 * window);
  const hits =
    tier.undecided.length === 0
      ? Prisma.sql`0`
      : Prisma.join(
          tier.undecided.map((term) => Prisma.sql`(e.search_vector @@ ${term})::int`),
          " + ",
        );
  const member = tier.excluded ? Prisma.sql`NOT (e.search_vector @@ ${tier.excluded})` : Prisma.sql`TRUE`;
  // The excluded term's lexeme is in none of the tier's emails, so it adds nothing to their rank.
  const multiplier = boundMultiplier(query, tier);
  const reachesFloor =
    multiplier === null
      ? Prisma.empty
      : Prisma.sql`AND NOT coalesce(c.bound::float8 * ${multiplier * (1 + BOUND_SLACK)} + ${BOUND_SLACK} < (SELECT rank FROM floor), false)`;
  // OFFSET 0 keeps the email lookup a probe per candidate: PostgreSQL cannot estimate how few
  // candidates pass `candidates`, and with a third of 275,000 it hash-joined a sequential scan of
  // the whole table instead (~0.35 s at a million emails, each time). The probe is by the row's
  // ctid listed with the candidate (a TID scan: the heap page alone, where the primary key's index
  // cost three or four more pages per candidate); within one statement its snapshot keeps that
  // row version in place.
  const rankedEmail = Prisma.sql`
      SELECT e.id, e.sent_at, ${hits} AS hits, ts_rank_cd(e.search_vector, ${query.anyTerm}) AS rank
      FROM archived_emails e WHERE e.ctid = c.tid AND ${member} OFFSET 0`;
  const ranked = (candidates: Sql) => Prisma.sql`
    SELECT email.* FROM candidates c CROSS JOIN LATERAL (${rankedEmail}) AS email
    WHERE ${candidates}`;
  const candidateCount = page.countCandidates ? Prisma.sql`(SELECT count(*) FROM candidates)::int` : Prisma.sql`NULL::int`;
  // The index on (search_vector, search_rank_bound) serves the bound with the words.
  const aboveBound = page.minBound === undefined ? Prisma.empty : Prisma.sql`AND e.search_rank_bound >= ${page.minBound}::real`;
  // An expression of the bound, not the column: the GIN index would serve `bound < x` as a second range
  // scan, of nearly every email (~70 ms at a million); PostgreSQL turns `NOT (bound >= x)` into that too.
  const belowBound = page.belowBound === undefined ? Prisma.empty : Prisma.sql`AND e.search_rank_bound + 0 < ${page.belowBound}::real`;
  const carried = page.carried ?? [];
  const carriedRows = Prisma.sql`SELECT * FROM unnest(${carried.map((row) => row.id)}::uuid[], ${carried.map((row) => row.sent_at)}::timestamptz[],
    ${carried.map((row) => row.hits)}::int[], ${carried.map((row) => row.rank)}::real[]) AS carried(id, sent_at, hits, rank)`;
  const carriedUnion = carried.length > 0 ? Prisma.sql`UNION ALL ${carriedRows}` : Prisma.empty;
  const rows = Prisma.sql`(
    WITH candidates AS MATERIALIZED (
      SELECT e.id, e.ctid AS tid, e.search_rank_bound AS bound, row_number() OVER (ORDER BY e.search_rank_bound DESC NULLS FIRST, e.id) AS place
      FROM archived_emails e WHERE ${tier.matching} ${aboveBound} ${belowBound}
    ), probe AS MATERIALIZED (${ranked(Prisma.sql`c.place <= ${probeSize}`)}
    ), floor AS MATERIALIZED (
      SELECT rank FROM (SELECT id, sent_at, hits, rank FROM probe ${carriedUnion}) AS ranking WHERE hits = ${tier.undecided.length} ORDER BY rank DESC LIMIT 1 OFFSET ${window - 1}
    ), all_ranked AS (
      SELECT id, sent_at, hits, rank FROM probe UNION ALL (${ranked(Prisma.sql`c.place > ${probeSize} ${reachesFloor}`)}) ${carriedUnion}
    )
    SELECT all_ranked.*, ${candidateCount} AS candidates, (SELECT rank FROM floor) AS floor FROM all_ranked
    ORDER BY hits DESC, rank DESC, sent_at DESC, id DESC
    LIMIT ${limit} OFFSET ${offset})`;
  const orderBy = Prisma.sql`page.hits DESC, page.rank DESC, page.sent_at DESC, page.id DESC`;
  return querySql<RankedRow>(client, headlineSelect({ page: rows, orderBy, query: query.anyTerm, lexemes: query.lexemes }));
}
