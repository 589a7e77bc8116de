import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { plainWordTsquery, PostgresSearchEngine } from "./postgres-search-engine";
import { normalizeSearchQuery } from "./search.schemas";

/**
 * Operator-free queries order their matches by tier (the matched prefix of terms), then by how many
 * terms they match, then newest first (docs/search.md, "Ranking"): every page, listed or walked, is
 * checked against that order computed by SQL over every matching email.
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

/** The full order of docs/search.md, by SQL over every matching email: the oracle. */
async function fullRanking(words: string[], strategy: "last" | "all"): Promise<string[]> {
  const matches = words.map((word) => `(search_vector @@ '${word}'::tsquery)`);
  const prefix = words
    .map((_, length) => `WHEN ${matches.slice(0, words.length - length).join(" AND ")} THEN ${words.length - length}`)
    .join(" ");
  const rows = await db().$queryRawUnsafe<{ id: string }[]>(`
    SELECT id FROM archived_emails
    WHERE ingestion_source_id = '${sourceId}' AND ${strategy === "all" ? matches.join(" AND ") : matches[0]}
    ORDER BY CASE ${prefix} ELSE 0 END DESC, ${matches.map((match) => `${match}::int`).join(" + ")} DESC, sent_at DESC, id DESC`);
  return rows.map((row) => row.id);
}

const search = (searchEngine: PostgresSearchEngine, text: string, strategy: "last" | "all", offset: number, limit: number) =>
  searchEngine.search({
    query: normalizeSearchQuery({ query: text, matchingStrategy: strategy, filters: { ingestionSourceId: sourceId } }),
    scope: null,
    offset,
    limit,
  });

const CASES = [
  ["ember flint", "last"],
  ["flint ember", "last"],
  ["ember grove flint", "last"],
  ["grove ember", "all"],
  ["ember", "last"],
] as const;

describe("operator-free order: tier, terms matched, newest first", () => {
  it("within a tier, how often or where a word occurs does not matter: newest first", async () => {
    // The heavy emails have "ember" dozens of times; ts_rank_cd ranked them first before 2026-11-27.
    const ids = (await search(engine, "ember", "last", 0, 400)).hits.map((hit) => hit.id);
    const dates = await db().$queryRawUnsafe<{ id: string; sent_at: Date }[]>(
      `SELECT id, sent_at FROM archived_emails WHERE id = ANY($1::uuid[])`,
      ids,
    );
    const sentAt = new Map(dates.map((row) => [row.id, row.sent_at.getTime()]));
    const times = ids.map((id) => sentAt.get(id)!);
    expect(times.length).toBeGreaterThan(250);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("returns every listed page exactly as the full order has it, with exact totals", async () => {
    for (const [text, strategy] of CASES) {
      const expected = await fullRanking(text.split(" "), strategy);
      expect(expected.length, text).toBeGreaterThan(20);
      for (const offset of [0, 3, 40, 120, expected.length - 10]) {
        const page = await search(engine, text, strategy, offset, 20);
        expect(
          page.hits.map((hit) => hit.id),
          `${text} (${strategy}) at ${offset}`,
        ).toEqual(expected.slice(offset, offset + 20));
        if (!page.totalIsEstimate) expect(page.total, text).toBe(expected.length);
      }
    }
    expect(engine.tierPages.walked).toBe(0);
  });

  it("pages the same when large tiers are walked newest first, and when a walk ends before the page is full", async () => {
    for (const walkRows of [() => 100_000, () => 30]) {
      const walking = new PostgresSearchEngine({ listedMatchesLimit: 10, walkRows });
      for (const [text, strategy] of CASES) {
        const expected = await fullRanking(text.split(" "), strategy);
        for (const offset of [0, 5, 40, 120]) {
          const page = await search(walking, text, strategy, offset, 10);
          expect(
            page.hits.map((hit) => hit.id),
            `${text} (${strategy}) at ${offset}, walk ${walkRows()}`,
          ).toEqual(expected.slice(offset, offset + 10));
        }
      }
      expect(walking.tierPages.walked).toBeGreaterThan(0);
      // A walk of 30 emails fills no page of 10 at these offsets: the tier is listed after it.
      if (walkRows() === 30) expect(walking.tierPages.listed).toBeGreaterThan(0);
    }
  });
});

describe("words turned into tsquery texts without PostgreSQL", () => {
  it("writes a plain word exactly as phraseto_tsquery does, and leaves every other word to it", async () => {
    const plain = ["k123", "abc", "ABC", "123", "1a", "a1b2", "0x1f", "Budget2024", "x".repeat(100), "00"];
    const rows = await db().$queryRawUnsafe<{ word: string; tsquery: string }[]>(
      `SELECT w AS word, phraseto_tsquery('simple', w)::text AS tsquery FROM unnest($1::text[]) AS w`,
      plain,
    );
    for (const row of rows) expect(plainWordTsquery(row.word), row.word).toBe(row.tsquery);
    for (const word of ["x_y", "café", "roadmap-2024.pdf", "o'neil", "alice@example.com", "a.b", "", "x".repeat(101)])
      expect(plainWordTsquery(word), word).toBeNull();
  });
});
