import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../platform/db/sql-client";
import { headlineSelect, SEARCH_STATEMENT, type PageRow } from "./postgres-search-snippet.queries";

type Sql = Prisma.Sql;

/**
 * One tier of the ranking: the emails matching the first k terms (`matching`, restrictions
 * included) but not term k+1 (`excluded`, null for the tier of all terms).
 */
export interface RankingTier {
  matching: Sql;
  /** A superset of `matching` whose planner estimate stands for the tier's size, when `matching`'s own is far too low (phrases). */
  estimated?: Sql;
  excluded: Sql | null;
  /** The terms after the excluded one: within the tier, the number of terms matched is the number of these. */
  undecided: Sql[];
  /** The lexemes of the terms every email of the tier holds (how many emails it may hold: expectedTierSize). */
  requiredLexemes: string[];
  /**
   * `matching` is the terms alone, without filters, scope or word pairs: its listing (listedTierPage)
   * has one plan whatever the words (the GIN index, then the candidates sorted by date), so it may be
   * run with its generic plan instead of being planned at every call (0.6-0.8 ms at a million emails).
   * With a restriction, a generic plan would not know how selective it is (a date range or a source:
   * 30-85 ms instead of 0.3-6 ms).
   */
  wordsAlone: boolean;
}

export interface RankingQuery {
  /** All terms OR-ed: what snippets mark. */
  anyTerm: Sql;
  /** The lexemes of the terms (snippet window). */
  lexemes: string[];
}

export const tierCondition = (tier: RankingTier): Sql =>
  tier.excluded ? Prisma.sql`${tier.matching} AND NOT (e.search_vector @@ ${tier.excluded})` : tier.matching;

/** A row of a tier's page: the email's summary and its headline. */
export type TierRow = PageRow;

/**
 * One page of one tier's emails in ranking order (the number of undecided terms matched, then newest
 * first, then id), with snippets, and how many emails match the tier's terms and restrictions
 * without the exclusion (for the last tier, the size of the whole result set).
 *
 * The tier's candidates are listed by the GIN index with their date only (no tsvector read), sorted,
 * and only then checked against the excluded term, one by one in that order until the page is full:
 * a tsvector is read (often out of line, TOAST) for the page's emails and the few excluded before
 * them, not for every candidate. A tier with undecided terms reads every candidate's tsvector to
 * count them (the lower tiers of queries of three words or more, reached only when the tiers above
 * do not fill the page).
 */
export async function listedTierPage(
  client: SqlClient,
  query: RankingQuery,
  tier: RankingTier,
  page: { offset: number; limit: number },
): Promise<{ rows: TierRow[]; candidates: number }> {
  // Scalar subqueries (a probe by the row's ctid listed with the candidate: a TID scan, the heap page
  // alone; within one statement its snapshot keeps that row version in place). As a NOT EXISTS the
  // planner would turn the exclusion into an anti-join, which neither keeps the order nor stops early.
  const probe = (value: Sql) => Prisma.sql`(SELECT ${value} FROM archived_emails e WHERE e.ctid = c.tid)`;
  const hits =
    tier.undecided.length === 0
      ? Prisma.sql`0`
      : probe(
          Prisma.join(
            tier.undecided.map((term) => Prisma.sql`(e.search_vector @@ ${term})::int`),
            " + ",
          ),
        );
  // Evaluated above the sort (OFFSET 0 keeps the condition from moving below it), so only as many
  // candidates are checked as the LIMIT pulls.
  const member = tier.excluded ? Prisma.sql`${probe(Prisma.sql`e.search_vector @@ ${tier.excluded}`)} IS NOT TRUE` : Prisma.sql`TRUE`;
  const tierPage = Prisma.sql`(SELECT id, sent_at, hits FROM tier_page)`;
  const orderBy = Prisma.sql`page.hits DESC, page.sent_at DESC, page.id DESC`;
  // Without a page row (LEFT JOIN LATERAL), every column of `paged` is null: the count alone.
  const rows = await querySql<{ candidates: number } & (PageRow | { id: null })>(
    client,
    Prisma.sql`
    WITH candidates AS MATERIALIZED (
      SELECT e.id, e.ctid AS tid, e.sent_at FROM archived_emails e WHERE ${tier.matching}
    ), tier_page AS MATERIALIZED (
      SELECT c.id, c.sent_at, c.hits FROM (
        SELECT c.id, c.tid, c.sent_at, ${hits} AS hits FROM candidates c ORDER BY hits DESC, c.sent_at DESC, c.id DESC OFFSET 0
      ) AS c
      WHERE ${member}
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT counted.candidates, paged.*
    FROM (SELECT count(*)::int AS candidates FROM candidates) AS counted
    LEFT JOIN LATERAL (${headlineSelect({ page: tierPage, orderBy, query: query.anyTerm, lexemes: query.lexemes })}) AS paged ON true
    ORDER BY paged.hits DESC, paged.sent_at DESC, paged.id DESC`,
    SEARCH_STATEMENT,
  );
  return {
    rows: rows.flatMap((row) => (row.id === null ? [] : [{ ...row, headline: row.headline ?? "" }])),
    candidates: rows[0]?.candidates ?? 0,
  };
}
