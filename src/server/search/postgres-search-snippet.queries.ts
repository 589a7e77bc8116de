import { Prisma } from "@/generated/prisma/client";
import { ACTIVE_HOLD_FLAG, ACTIVE_HOLD_JOIN, SUMMARY_COLUMNS_BUT_ID, type SummaryRow } from "../archive/archived-emails.queries";
import type { SqlOptions } from "../platform/db/sql-client";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "./snippet";

type Sql = Prisma.Sql;

/** The highlighted text is at most this long a prefix of the email text (after the markers are removed). */
const HEADLINE_INPUT_CHARS = 100_000;
/**
 * ts_headline parses all the text it is given (~100 ms for 100,000 characters), so it gets this
 * much from just before the first occurrence of a query word: room for its two fragments of at most
 * 24 words each and the covers it chooses them from. (6,000 until 2026-11-27: a page of twenty long
 * messages spent ~1.9 ms each in ts_headline on the loaded 1M bench database, 0.7 ms with 2,000.)
 */
export const HEADLINE_WINDOW_CHARS = 2_400;
const HEADLINE_LEAD_CHARS = 300;
const HEADLINE_OPTIONS = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_END}", MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "`;

/**
 * How a search page's statement runs (querySql): prepared, parsed once per connection of the search
 * pool, whose plan_cache_mode still plans it for each call's values (searchConnectionSettings).
 */
export const SEARCH_STATEMENT: SqlOptions = { prepare: true };

/** A row of a search page: the email's summary (SUMMARY_COLUMNS, ACTIVE_HOLD_FLAG) and its `headline`. */
export type PageRow = SummaryRow & { headline: string };

/**
 * The snippet of each row of `page` (columns id and the caller's sort keys), as a select over
 * `page` joined to its email: `headline` holds ts_headline's output with the highlight markers,
 * and the email's summary is read with it (PageRow), so that the page needs no second statement
 * to read its summaries (searchResultSummaries).
 *
 * The window is the HEADLINE_WINDOW_CHARS characters from just before the first occurrence of a
 * query word in the marker-free text. Finding that occurrence by lowering and translating the
 * whole text costs ~10 ms per 100 KB body (several times over when PostgreSQL inlines the
 * expression), and the long bodies are the ones that rank first. So the window is first looked
 * for in a prefix, fetched as a slice: when the prefix holds no marker character and a word
 * occurs early enough that no other word can occur before it unseen, the window is the same
 * text as the full computation gives; otherwise the full computation runs (once).
 */
export function headlineSelect(options: { page: Sql; orderBy: Sql; query: Sql; lexemes: string[] }): Sql {
  const { lexemes } = options;
  // A word that starts after this position may reach past the prefix searched (JS length counts
  // UTF-16 units, at least the characters PostgreSQL counts, so the bound errs on the safe side).
  const earlyEnough = HEADLINE_WINDOW_CHARS - Math.max(0, ...lexemes.map((lexeme) => lexeme.length));
  const windowAt = (text: Sql, at: Sql) =>
    Prisma.sql`substr(${text}, greatest(${at} - ${HEADLINE_LEAD_CHARS}, 1), ${HEADLINE_WINDOW_CHARS})`;
  return Prisma.sql`
    SELECT page.*, ts_headline('simple', snippet_window.text, ${options.query}, ${HEADLINE_OPTIONS}) AS headline,
      ${SUMMARY_COLUMNS_BUT_ID}, ${ACTIVE_HOLD_FLAG}
    FROM ${options.page} AS page JOIN archived_emails e ON e.id = page.id
    ${ACTIVE_HOLD_JOIN}
    CROSS JOIN LATERAL (SELECT CASE WHEN e.body_text <> '' THEN e.body_text ELSE e.subject END AS text) AS source
    -- OFFSET 0 keeps each derived text from being inlined into every use (computed once per row).
    CROSS JOIN LATERAL (SELECT substr(source.text, 1, ${2 * HEADLINE_WINDOW_CHARS}) AS text OFFSET 0) AS head
    CROSS JOIN LATERAL (
      SELECT min(nullif(strpos(lowered.text, lexeme), 0)) AS at
      FROM (SELECT lower(left(head.text, ${HEADLINE_WINDOW_CHARS})) AS text OFFSET 0) AS lowered, unnest(${lexemes}::text[]) AS lexeme
    ) AS early
    CROSS JOIN LATERAL (SELECT CASE
      WHEN strpos(head.text, ${HIGHLIGHT_START}) = 0 AND strpos(head.text, ${HIGHLIGHT_END}) = 0 AND early.at <= ${earlyEnough}
        THEN ${windowAt(Prisma.sql`head.text`, Prisma.sql`early.at`)}
      ELSE (
        SELECT ${windowAt(Prisma.sql`cleaned.text`, Prisma.sql`coalesce((SELECT min(nullif(strpos(cleaned.lowered, lexeme), 0)) FROM unnest(${lexemes}::text[]) AS lexeme), 1)`)}
        FROM (SELECT marker_free.text, lower(marker_free.text) AS lowered
          FROM (SELECT left(translate(source.text, ${HIGHLIGHT_START + HIGHLIGHT_END}, ''), ${HEADLINE_INPUT_CHARS}) AS text OFFSET 0) AS marker_free
          OFFSET 0) AS cleaned)
      END AS text) AS snippet_window
    ORDER BY ${options.orderBy}`;
}
