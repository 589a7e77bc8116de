import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../platform/db/sql-client";
import { headlineSelect, SEARCH_STATEMENT, type PageRow } from "./postgres-search-snippet.queries";

type Sql = Prisma.Sql;

/** What a page's snippets mark: the OR of the query's word clauses, and their lexemes (the snippet window). */
export interface Highlight {
  query: Sql;
  lexemes: string[];
}

type NewestRow = PageRow;

const newestOrder = Prisma.sql`page.sent_at DESC, page.id DESC`;

/**
 * A page of the matches newest first, with snippets, and how many matches there are: every match
 * is listed (the GIN index finds them; with a phrase or proximity each one's tsvector is checked),
 * so the count is exact. For result sets the index estimates as small.
 */
export async function listedNewestPage(
  client: SqlClient,
  options: { where: Sql; offset: number; limit: number; highlight: Highlight },
): Promise<{ rows: NewestRow[]; total: number }> {
  const page = Prisma.sql`(SELECT id, sent_at FROM matches ORDER BY sent_at DESC, id DESC LIMIT ${options.limit} OFFSET ${options.offset})`;
  const rows = await querySql<{ total: number } & (NewestRow | { id: null })>(
    client,
    Prisma.sql`
    WITH matches AS MATERIALIZED (SELECT e.id, e.sent_at FROM archived_emails e WHERE ${options.where})
    SELECT counted.total, paged.*
    FROM (SELECT count(*)::int AS total FROM matches) AS counted
    LEFT JOIN LATERAL (${headlineSelect({ page, orderBy: newestOrder, ...options.highlight })}) AS paged ON true
    ORDER BY paged.sent_at DESC, paged.id DESC`,
    SEARCH_STATEMENT,
  );
  const total = rows[0]?.total ?? 0;
  return { rows: rows.flatMap((row) => (row.id === null ? [] : [{ ...row, headline: row.headline ?? "" }])), total };
}

/**
 * A page of the matches newest first, with snippets, found by reading the newest `walkRows`
 * emails `among` the filtered ones (every match is among them) in order and stopping as soon as
 * the page is full: for result sets too large to list (a proximity of two common words has
 * hundreds of thousands of candidates at a million emails, and each candidate's positions are in
 * its tsvector). Fewer rows than the page asks for mean the walk ended first, not that there are
 * no more matches. The filters narrow what is read, not what is found: the newest emails with
 * attachments come from their own index, where a walk of every email could read a whole recent
 * import without any before reaching the first.
 */
export async function walkedNewestPage(
  client: SqlClient,
  options: { where: Sql; among: Sql | null; offset: number; limit: number; walkRows: number; highlight: Highlight },
): Promise<NewestRow[]> {
  // The match is a column of the walked rows, computed as each is read: a condition on the
  // subquery cannot move below its LIMIT, and the outer LIMIT stops reading once the page is full.
  const page = Prisma.sql`(
    SELECT walked.id, walked.sent_at FROM (
      SELECT e.id, e.sent_at, (${options.where}) AS matched FROM archived_emails e
      ${options.among === null ? Prisma.empty : Prisma.sql`WHERE ${options.among}`}
      ORDER BY e.sent_at DESC, e.id DESC LIMIT ${options.walkRows}) AS walked
    WHERE walked.matched LIMIT ${options.limit} OFFSET ${options.offset})`;
  return querySql<NewestRow>(client, headlineSelect({ page, orderBy: newestOrder, ...options.highlight }), SEARCH_STATEMENT);
}

/**
 * An email the walk stops at, by its key (`sent_at` exact to the microsecond, and id: the email may be
 * deleted while the walk goes on), and its `sent_at` in milliseconds since the epoch, rounded down.
 */
export interface WalkMark {
  id: string;
  micros: string;
  ms: number;
}

const markKey = (mark: WalkMark) => Prisma.sql`(timestamptz 'epoch' + ${mark.micros}::bigint * interval '1 microsecond', ${mark.id}::uuid)`;
const below = (mark: WalkMark | null) => (mark === null ? Prisma.sql`TRUE` : Prisma.sql`(e.sent_at, e.id) < ${markKey(mark)}`);

/**
 * The `rows`-th newest email after `after` in the walk's order (walkedNewestPage), from the
 * `(sent_at, id)` index alone; null when fewer are left. A step of a walk reads down to it.
 */
export async function walkStepEnd(client: SqlClient, options: { after: WalkMark | null; rows: number }): Promise<WalkMark | null> {
  const found = await querySql<{ id: string; micros: string; ms: string }>(
    client,
    Prisma.sql`SELECT e.id, (extract(epoch FROM e.sent_at) * 1000000)::bigint::text AS micros,
        floor(extract(epoch FROM e.sent_at) * 1000)::bigint::text AS ms
      FROM archived_emails e
      WHERE ${below(options.after)} ORDER BY e.sent_at DESC, e.id DESC OFFSET ${options.rows - 1} LIMIT 1`,
  );
  return found[0] ? { id: found[0].id, micros: found[0].micros, ms: Number(found[0].ms) } : null;
}

/**
 * One step of a walk: up to `limit` matches, newest first, among the emails after `after` down to
 * `end` included (null: to the oldest), stopping as soon as `limit` are found.
 */
export async function walkStep(
  client: SqlClient,
  options: { where: Sql; after: WalkMark | null; end: WalkMark | null; limit: number },
): Promise<string[]> {
  const { end } = options;
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`
    SELECT walked.id FROM (
      SELECT e.id, (${options.where}) AS matched FROM archived_emails e
      WHERE ${below(options.after)}
        ${end === null ? Prisma.empty : Prisma.sql`AND (e.sent_at, e.id) >= ${markKey(end)}`}
      ORDER BY e.sent_at DESC, e.id DESC) AS walked
    WHERE walked.matched LIMIT ${options.limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Bounds of `sent_at` that split the archive into buckets of about equal numbers of emails, oldest
 * first, in milliseconds since the epoch, from the planner's histogram of the column (ANALYZE keeps
 * it; at the default statistics target 100 buckets; the most common dates, if any, are left out of
 * it). Empty when the table has no histogram yet.
 */
export async function sentAtBuckets(client: SqlClient): Promise<number[]> {
  const rows = await querySql<{ bounds: string[] | null }>(
    client,
    Prisma.sql`
    SELECT ARRAY(SELECT (extract(epoch FROM bound) * 1000)::bigint::text FROM unnest(histogram_bounds::text::timestamptz[]) AS bound) AS bounds
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'archived_emails' AND attname = 'sent_at'`,
  );
  return (rows[0]?.bounds ?? []).map(Number);
}

/** A range of `sent_at` in milliseconds since the epoch: at or after `from`, before `before` (null: unbounded). */
export interface SentAtSlice {
  from: number | null;
  before: number | null;
}

const instant = (milliseconds: number) => Prisma.sql`to_timestamp(${milliseconds}::float8 / 1000)`;

/**
 * Up to `limit` matches within one slice of the archive's dates, newest first: the GIN index's
 * matches intersected with the `(sent_at, id)` index's range, so the rows read are those of the
 * slice, not every match of the archive. The matches are listed whole (MATERIALIZED) before they
 * are sorted: with the LIMIT alone the planner may walk the date index from the slice's top,
 * expecting matches as dense as its estimate, and read every email of the slice when they are
 * sparse (the walk before the slices covered the dense case, with its own bound).
 */
export async function newestInSlice(client: SqlClient, options: { where: Sql; slice: SentAtSlice; limit: number }): Promise<string[]> {
  const { from, before } = options.slice;
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`
    WITH matches AS MATERIALIZED (
      SELECT e.id, e.sent_at FROM archived_emails e
      WHERE ${options.where}
        ${from === null ? Prisma.empty : Prisma.sql`AND e.sent_at >= ${instant(from)}`}
        ${before === null ? Prisma.empty : Prisma.sql`AND e.sent_at < ${instant(before)}`}
    )
    SELECT id FROM matches ORDER BY sent_at DESC, id DESC LIMIT ${options.limit}`,
  );
  return rows.map((row) => row.id);
}

/** The snippets of a page of emails given by id, in that order. */
export async function pageHeadlines(client: SqlClient, ids: string[], highlight: Highlight): Promise<NewestRow[]> {
  if (ids.length === 0) return [];
  const page = Prisma.sql`(SELECT listed.id, listed.place FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS listed(id, place))`;
  return querySql<NewestRow>(client, headlineSelect({ page, orderBy: Prisma.sql`page.place`, ...highlight }), SEARCH_STATEMENT);
}

/**
 * This connection's statement_timeout for the statements that follow, in ms (the sliced listing's
 * remaining budget), or back to the connection's own setting (null).
 */
export async function setStatementTimeout(client: SqlClient, milliseconds: number | null): Promise<void> {
  await querySql(
    client,
    milliseconds === null
      ? Prisma.sql`RESET statement_timeout`
      : Prisma.sql`SELECT set_config('statement_timeout', ${String(milliseconds)}, false)`,
  );
}
