import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { Prisma } from "@/generated/prisma/client";
import { PostgresSearchEngine } from "./postgres-search-engine";
import { walkStep, walkStepEnd } from "./postgres-search-newest.queries";
import { withSearchTransaction } from "./search-transaction";
import { normalizeSearchQuery } from "./search.schemas";

/**
 * A query of the search language lists its matches newest first (docs/search.md, "Order"): listed
 * whole when the planner expects few, walked from the newest email when it expects many. Both
 * paths against the same order computed by SQL, on a corpus with many emails per date (id breaks
 * the ties).
 */
let sourceId: string;

/** A tsquery of phrases tried in each weight (field) separately, as the search language compiles them. */
const inEachWeight = (phrases: string) =>
  ["A", "B", "C", "D"].map((weight) => `(${phrases.replace(/(ember|flint)/g, `$1:${weight}`)})`).join(" | ");

/** Queries of the language and the tsquery selecting exactly their matches. */
const cases = [
  ["ember OR flint", "ember | flint"],
  ["ember -flint", "ember & !flint"],
  ["flint AND emb*", "flint & emb:*"],
  ["subject:ember OR grove", "ember:A | grove"],
  ['ember AND "ember flint"', `ember & flint & (${inEachWeight("ember <-> flint")})`],
  ["ember NEAR/2 flint", `ember & flint & (${inEachWeight("ember <1> flint | flint <1> ember | ember <2> flint | flint <2> ember")})`],
  ['ember -"ember flint"', `ember & !(${inEachWeight("ember <-> flint")})`],
];

beforeAll(async () => {
  sourceId = await ensureTestSource("Newest-first language source");
  for (let index = 0; index < 150; index++) {
    const words = [
      "ember",
      index % 3 === 0 ? "flint" : "",
      index % 5 === 0 ? "filler ember flint" : "filler",
      index % 4 === 0 ? "grove" : "",
    ];
    await insertTestEmail({
      ingestionSourceId: sourceId,
      subject: index % 6 === 0 ? "ember report" : `note ${index}`,
      bodyText: words.join(" "),
      // Six dates: many ties, which id breaks.
      sentAt: new Date(Date.UTC(2024, 0, 1 + (index % 6))),
    });
  }
  await db().$executeRawUnsafe("ANALYZE archived_emails");
}, 120_000);

async function newestFirst(condition: string): Promise<string[]> {
  const rows = await db().$queryRawUnsafe<{ id: string }[]>(`
    SELECT id FROM archived_emails WHERE ingestion_source_id = '${sourceId}' AND search_vector @@ '${condition}'::tsquery
    ORDER BY sent_at DESC, id DESC`);
  return rows.map((row) => row.id);
}

async function expectNewestPages(engine: PostgresSearchEngine, options: { boundedTime?: boolean } = {}) {
  for (const [text, condition] of cases) {
    const expected = await newestFirst(condition);
    expect(expected.length, text).toBeGreaterThan(25);
    for (const offset of [0, 3, 20, expected.length - 10]) {
      const query = normalizeSearchQuery({ query: text, filters: { ingestionSourceId: sourceId } });
      const page = await engine.search({ query, scope: null, offset, limit: 20, ...options });
      expect(
        page.hits.map((hit) => hit.id),
        `${text} at ${offset}`,
      ).toEqual(expected.slice(offset, offset + 20));
      expect(page, text).toMatchObject({ total: expected.length, totalIsEstimate: false });
    }
  }
}

describe("a query of the search language, newest first", () => {
  it("lists few matches whole, newest first then by id, with the exact total", async () => {
    const engine = new PostgresSearchEngine();
    await expectNewestPages(engine);
    expect(engine.languagePages).toEqual({ walked: 0, listed: expect.any(Number) });
  });

  it("walks from the newest email when the planner expects many matches, with the same pages", async () => {
    const engine = new PostgresSearchEngine({ listedMatchesLimit: 0 });
    await expectNewestPages(engine);
    expect(engine.languagePages.walked).toBeGreaterThan(0);
  });

  it("walks a bounded first page in steps, with the same pages", async () => {
    for (const walkRows of [() => 5_000, () => 10]) {
      const engine = new PostgresSearchEngine({ listedMatchesLimit: 0, walkRows, firstWalkStepRows: 3 });
      await expectNewestPages(engine, { boundedTime: true });
      expect(engine.boundedWalks.steps).toBeGreaterThan(cases.length);
    }
  });

  it("lists instead when the walk ends before the page is full", async () => {
    // Ten emails walked hold fewer than twenty matches of any case: every page is listed after its walk.
    const engine = new PostgresSearchEngine({ listedMatchesLimit: 0, walkRows: () => 10 });
    await expectNewestPages(engine);
    expect(engine.languagePages.listed).toBe(engine.languagePages.walked);
  });

  it("marks the query's words in the snippets, not the words under a NOT", async () => {
    const engine = new PostgresSearchEngine();
    const query = normalizeSearchQuery({ query: "grove -flint", filters: { ingestionSourceId: sourceId } });
    const page = await engine.search({ query, scope: null, offset: 0, limit: 5 });
    expect(page.hits).toHaveLength(5);
    for (const hit of page.hits) {
      expect(hit.snippet).toContain("<mark>grove</mark>");
      expect(hit.snippet).not.toContain("<mark>flint");
    }
  });

  it("estimates a walked phrase query's total from a sample of the table's pages, and counts it when asked", async () => {
    const engine = new PostgresSearchEngine({ listedMatchesLimit: 0, totalSample: 30, exactTotalLimit: 5 });
    const count = (await newestFirst(inEachWeight("ember <-> flint"))).length;
    expect(count).toBeGreaterThan(10);
    // A phrase alone is an operator-free query (ranked); with AND it is one of the language.
    const query = normalizeSearchQuery({ query: 'ember AND "ember flint"', filters: { ingestionSourceId: sourceId } });
    for (const limit of [20, 0]) {
      // An empty page (explain's counts) walks nothing: the same sample answers.
      const estimated = await engine.search({ query, scope: null, offset: 0, limit });
      expect(estimated.totalIsEstimate, `limit ${limit}`).toBe(true);
      // A table of a few dozen pages makes a wide sample error; the candidates (every email has "ember") are several times the matches.
      expect(estimated.total).toBeGreaterThan(count * 0.5);
      expect(estimated.total).toBeLessThan(count * 2);
      const counted = await engine.search({ query, scope: null, offset: 0, limit, exactTotal: true });
      expect(counted).toMatchObject({ total: count, totalIsEstimate: false });
      expect(counted.hits).toEqual(estimated.hits);
    }
    expect(engine.languagePages.walked).toBeGreaterThan(0);
  });
  it("walks on from a step's last email after that email is deleted", async () => {
    // Eight emails newer than any other of the table, two of each instant (ties ordered by id).
    const walkSource = await ensureTestSource("Walk deletion source");
    for (let index = 0; index < 8; index++) {
      await insertTestEmail({
        ingestionSourceId: walkSource,
        subject: `walked ${index}`,
        sentAt: new Date(Date.UTC(2099, 0, 1, Math.floor(index / 2))),
      });
    }
    const newest = (
      await db().archivedEmail.findMany({ orderBy: [{ sentAt: "desc" }, { id: "desc" }], take: 8, select: { id: true } })
    ).map((email) => email.id);
    try {
      await withSearchTransaction(async (client) => {
        const first = await walkStepEnd(client, { after: null, rows: 3 });
        expect(first?.id).toBe(newest[2]);
        // The step's last email goes (a deletion between two steps): the next step starts below its key all the same.
        await db().$executeRawUnsafe("DELETE FROM archived_emails WHERE id = $1::uuid", newest[2]);
        const second = await walkStepEnd(client, { after: first, rows: 3 });
        expect(second?.id).toBe(newest[5]);
        expect(await walkStep(client, { where: Prisma.sql`TRUE`, after: first, end: second, limit: 10 })).toEqual(newest.slice(3, 6));
      });
    } finally {
      await db().$executeRawUnsafe("DELETE FROM archived_emails WHERE ingestion_source_id = $1::uuid", walkSource);
    }
  });
});
