import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { PostgresSearchEngine } from "./postgres-search-engine";
import { normalizeSearchQuery } from "./search.schemas";

/**
 * The ranking skips emails whose stored search_rank_bound cannot reach the page (see
 * postgres-search-ranking.ts). These tests check the bound against ts_rank_cd itself and the pages
 * against a full ranking computed by SQL, on a tier larger than the set ranked first.
 */
const engine = new PostgresSearchEngine();
let sourceId: string;

/** Deterministic pseudo-random integers, so a failure reproduces. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

beforeAll(async () => {
  sourceId = await ensureTestSource("Rank bound source");
  const next = numbers(7);
  for (let index = 0; index < 260; index++) {
    // Every email has "ember"; a few have it dozens of times (high bounds and ranks), the others a
    // few times, in every weight class (subject A, sender B, body C, attachment D).
    const repeat = (word: string, times: number) => Array.from({ length: times }, () => word).join(" ");
    const heavy = index % 13 === 0;
    const body = [
      repeat("ember", heavy ? 20 + next(40) : 1 + next(3)),
      next(3) === 0 ? repeat("flint", 1 + next(5)) : "",
      next(4) === 0 ? "grove" : "",
      "filler text",
    ].join(" ");
    await insertTestEmail(
      {
        ingestionSourceId: sourceId,
        subject: next(5) === 0 ? `ember ${next(2) === 0 ? "grove" : "note"}` : `note ${index}`,
        senderName: next(6) === 0 ? "Flint Sender" : "Some Sender",
        bodyText: body,
        attachments: next(7) === 0 ? [{ filename: "ember-grove.txt", extractedText: repeat("ember", 1 + next(30)) }] : [],
        // Few distinct dates: many ties on rank and date, which id then breaks.
        sentAt: new Date(Date.UTC(2024, 0, 1 + next(6))),
      },
      { engine },
    );
  }
  // High bounds from a word no query asks for: the emails with the highest bounds are not those that rank highest.
  for (let index = 0; index < 30; index++) {
    await insertTestEmail(
      {
        ingestionSourceId: sourceId,
        subject: `padded ${index}`,
        bodyText: `ember ${"padding ".repeat(80)}`,
        sentAt: new Date(Date.UTC(2024, 0, 1 + next(6))),
      },
      { engine },
    );
  }
  await db().$executeRawUnsafe("ANALYZE archived_emails");
}, 180_000);

/** The full ranking of docs/search.md, by SQL over every matching email: the oracle. */
async function fullRanking(words: string[], strategy: "last" | "all"): Promise<string[]> {
  const matches = words.map((word) => `(search_vector @@ '${word}'::tsquery)`);
  const prefix = words
    .map((_, length) => `WHEN ${matches.slice(0, words.length - length).join(" AND ")} THEN ${words.length - length}`)
    .join(" ");
  const rows = await db().$queryRawUnsafe<{ id: string }[]>(`
    SELECT id FROM archived_emails
    WHERE ingestion_source_id = '${sourceId}' AND ${strategy === "all" ? matches.join(" AND ") : matches[0]}
    ORDER BY CASE ${prefix} ELSE 0 END DESC, ${matches.map((match) => `${match}::int`).join(" + ")} DESC,
      ts_rank_cd(search_vector, '${words.join(" | ")}'::tsquery) DESC, sent_at DESC, id DESC`);
  return rows.map((row) => row.id);
}

describe("ranking with the stored rank bound", () => {
  it("search_rank_bound times the number of lexemes bounds ts_rank_cd of their OR", async () => {
    const queries = [
      "ember",
      "flint",
      "grove",
      "ember | flint",
      "ember | grove | flint",
      "note | ember",
      "sender | ember",
      "example | flint | ember",
      "ember:A | flint",
      "ember:A | ember | grove:C",
    ];
    for (const query of queries) {
      const lexemes = query.split(" | ").length;
      const [row] = await db().$queryRawUnsafe<{ violations: number; ranked: number }[]>(`
        SELECT count(*) FILTER (WHERE ts_rank_cd(search_vector, '${query}'::tsquery) > ${lexemes} * search_rank_bound * 1.00001)::int AS violations,
          count(*) FILTER (WHERE ts_rank_cd(search_vector, '${query}'::tsquery) > 0)::int AS ranked
        FROM archived_emails`);
      expect(row.ranked, query).toBeGreaterThan(0);
      expect(row.violations, query).toBe(0);
    }
  });

  it("returns every page exactly as the full ranking orders it", async () => {
    for (const [text, strategy] of [
      ["ember flint", "last"],
      ["flint ember", "last"],
      ["ember grove flint", "last"],
      ["grove ember", "all"],
    ] as const) {
      const expected = await fullRanking(text.split(" "), strategy);
      expect(expected.length, text).toBeGreaterThan(20);
      for (const offset of [0, 3, 40, 120, expected.length - 10]) {
        const query = normalizeSearchQuery({ query: text, matchingStrategy: strategy, filters: { ingestionSourceId: sourceId } });
        const page = await engine.search({ query, scope: null, offset, limit: 20 });
        expect(
          page.hits.map((hit) => hit.id),
          `${text} (${strategy}) at ${offset}`,
        ).toEqual(expected.slice(offset, offset + 20));
        if (!page.totalIsEstimate) expect(page.total, text).toBe(expected.length);
      }
    }
  });

  it("pages the same when a tier is listed above a bound first (the index on the vector and the bound)", async () => {
    // Above 3: most emails (two address positions already give 2); above 10: only the heavy and the
    // padded ones (bound 16, low ranks), so a page needs a second listing from a lower bound, or the whole tier.
    for (const boundSliceStart of [3, 10]) {
      const slicing = new PostgresSearchEngine({ boundSliceStart });
      await pagesAboveBound(slicing);
      expect(slicing.tierListings.aboveBound).toBeGreaterThan(0);
      if (boundSliceStart === 10) expect(slicing.tierListings.whole).toBeGreaterThan(0);
    }
  });

  async function pagesAboveBound(slicing: PostgresSearchEngine) {
    for (const [text, strategy] of [
      ["ember", "last"],
      ["ember flint", "last"],
      ["ember grove flint", "all"],
    ] as const) {
      const expected = await fullRanking(text.split(" "), strategy);
      for (const offset of [0, 5, 40, 120]) {
        const query = normalizeSearchQuery({ query: text, matchingStrategy: strategy, filters: { ingestionSourceId: sourceId } });
        const page = await slicing.search({ query, scope: null, offset, limit: 10 });
        expect(
          page.hits.map((hit) => hit.id),
          `${text} (${strategy}) at ${offset}`,
        ).toEqual(expected.slice(offset, offset + 10));
      }
    }
  }
});
