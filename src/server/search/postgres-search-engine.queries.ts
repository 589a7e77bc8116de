import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../platform/db/sql-client";
import { allOf } from "./postgres-search-conditions.queries";
import { attachmentSearchText, searchVectorSql } from "../archive/store/search-vector.queries";

type Sql = Prisma.Sql;

/** A tsquery text (built by PostgreSQL's own parser, never by splicing user text) as a parameter. */
export const tsqueryParam = (text: string): Sql => Prisma.sql`${text}::tsquery`;

/** Every one of the terms. */
export const allTermsCondition = (terms: Sql[]): Sql => Prisma.sql`e.search_vector @@ (${Prisma.join(terms, " && ")})`;

/** Any of the terms, as one tsquery. */
export const anyTermQuery = (terms: Sql[]): Sql => Prisma.sql`(${Prisma.join(terms, " || ")})`;

/** The ids of the matches, for a cursor over them (streamRows). */
export const matchingIds = (where: Sql): Sql => Prisma.sql`SELECT e.id FROM archived_emails e WHERE ${where}`;

/** Computes the vector of the given emails that have none yet (ingestion inserts its rows with theirs). */
export async function indexUnindexedEmails(client: SqlClient, emailIds: string[]): Promise<number> {
  return runSql(
    client,
    Prisma.sql`
    UPDATE archived_emails e SET
      search_vector = ${searchVectorSql({
        subject: Prisma.sql`e.subject`,
        senderName: Prisma.sql`e.sender_name`,
        senderEmail: Prisma.sql`e.sender_email`,
        recipientEmails: Prisma.sql`e.recipient_emails`,
        recipients: Prisma.sql`e.recipients`,
        bodyText: Prisma.sql`e.body_text`,
        attachmentsText: Prisma.sql`(SELECT string_agg(${attachmentSearchText(Prisma.sql`a.filename`, Prisma.sql`a.extracted_text`)}, ' ')
          FROM attachments a WHERE a.email_id = e.id)`,
      })},
      is_indexed = true
    WHERE e.id = ANY(${emailIds}::uuid[]) AND e.search_vector IS NULL`,
  );
}

/** A page of the matches, newest first, with the text their snippet is cut from. */
export async function newestMatches(client: SqlClient, where: Sql, page: { offset: number; limit: number }) {
  return querySql<{ id: string; text: string }>(
    client,
    Prisma.sql`
    SELECT e.id, left(CASE WHEN e.body_text <> '' THEN e.body_text ELSE e.subject END, 2000) AS text
    FROM archived_emails e WHERE ${where}
    ORDER BY e.sent_at DESC, e.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** The number of matches, counted up to `cap` (cap + 1: more than cap). */
export async function countMatchesUpTo(client: SqlClient, where: Sql, cap: number): Promise<number> {
  const rows = await querySql<{ total: number }>(
    client,
    Prisma.sql`
    SELECT count(*)::int AS total FROM (SELECT 1 FROM archived_emails e WHERE ${where} LIMIT ${cap + 1}) AS capped`,
  );
  return rows[0].total;
}

/** The planner's estimate of the number of matches (from the index statistics, no match visited). */
export async function estimateMatches(client: SqlClient, where: Sql): Promise<number> {
  const rows = await querySql<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    client,
    Prisma.sql`
    EXPLAIN (FORMAT JSON) SELECT 1 FROM archived_emails e WHERE ${where}`,
    // Parsed once per connection; EXPLAIN plans its statement for the values it is given, prepared or not.
    { prepare: true },
  );
  return Math.round(rows[0]["QUERY PLAN"][0].Plan["Plan Rows"]);
}

/**
 * What ANALYZE recorded about the search vectors: the most common lexemes with the share of emails
 * holding each (pg_stats, the planner's own statistics of the column), and the table's row count;
 * null before the table was first analyzed.
 */
export async function searchVectorStatistics(
  client: SqlClient,
): Promise<{ lexemes: string[]; frequencies: number[]; rows: number } | null> {
  const rows = await querySql<{ lexemes: string[] | null; frequencies: number[] | null; rows: number }>(
    client,
    Prisma.sql`
    SELECT s.most_common_elems::text::text[] AS lexemes, s.most_common_elem_freqs AS frequencies, c.reltuples::float8 AS rows
    FROM pg_class c
    LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = 'archived_emails' AND s.attname = 'search_vector'
    WHERE c.oid = 'archived_emails'::regclass`,
  );
  const [row] = rows;
  if (!row?.lexemes || !row.frequencies || row.rows < 0) return null;
  return { lexemes: row.lexemes, frequencies: row.frequencies, rows: row.rows };
}

/**
 * The matches among about `percent` of the table's pages (TABLESAMPLE SYSTEM, fixed seed): each
 * sampled email's tsvector is read, but no list of every candidate is built (at a million emails a
 * common word's candidates are hundreds of thousands).
 */
export async function matchesInSample(client: SqlClient, where: Sql, percent: number): Promise<number> {
  const rows = await querySql<{ matched: number }>(
    client,
    Prisma.sql`SELECT count(*)::int AS matched FROM archived_emails e TABLESAMPLE SYSTEM (${percent}::float8) REPEATABLE (0) WHERE ${where}`,
  );
  return rows[0].matched;
}

export async function countMatches(client: SqlClient, where: Sql): Promise<number> {
  const rows = await querySql<{ total: number }>(client, Prisma.sql`SELECT count(*)::int AS total FROM archived_emails e WHERE ${where}`);
  return rows[0].total;
}

/** Each text as a tsquery text by phraseto_tsquery with the index's configuration, in order; texts without a word are dropped. */
export async function phraseTsqueries(client: SqlClient, texts: string[]): Promise<string[]> {
  const rows = await querySql<{ tsquery: string }>(
    client,
    Prisma.sql`
    SELECT q::text AS tsquery
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS t(term, position)
    CROSS JOIN LATERAL phraseto_tsquery('simple', t.term) AS q
    WHERE numnode(q) > 0
    ORDER BY t.position`,
  );
  return rows.map((row) => row.tsquery);
}

/** How many emails within the restrictions match each term (0-based position), counted up to `cap`. */
export async function termDocumentCounts(client: SqlClient, terms: string[], restrictions: Sql[], cap: number) {
  return querySql<{ position: number; documents: number }>(
    client,
    Prisma.sql`
    SELECT t.position::int - 1 AS position,
      (SELECT count(*)::int FROM (
        SELECT 1 FROM archived_emails e WHERE e.search_vector @@ t.term::tsquery AND ${allOf(restrictions)}
        LIMIT ${cap}) AS hits) AS documents
    FROM unnest(${terms}::text[]) WITH ORDINALITY AS t(term, position)`,
  );
}
