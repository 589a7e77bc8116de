import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { PostgresSearchEngine } from "./postgres-search-engine";
import type { SearchEngine } from "./search-engine";
import { HEADLINE_WINDOW_CHARS } from "./postgres-search-snippet.queries";
import { normalizeSearchQuery } from "./search.schemas";

/**
 * What only the PostgreSQL adapter does for speed at scale: estimated totals above a limit, and
 * ranking only the emails that match every term when they fill the requested page.
 */
const FREQUENT = 120;
const engine = new PostgresSearchEngine();
const smallLimitEngine = new PostgresSearchEngine({ exactTotalLimit: 10 });

async function page(searchEngine: SearchEngine, text: string, offset: number, limit: number, exactTotal?: boolean) {
  return searchEngine.search({ query: normalizeSearchQuery({ query: text }), scope: null, offset, limit, exactTotal });
}

beforeAll(async () => {
  const sourceId = await ensureTestSource();
  const day = Date.UTC(2024, 0, 1);
  for (let index = 0; index < FREQUENT; index++) {
    // Every email has "harbor"; every third also "lantern"; every ninth twice; a few "lantern" in the subject.
    const lantern = index % 3 === 0 ? (index % 9 === 0 ? " lantern lantern" : " lantern") : "";
    await insertTestEmail(
      {
        ingestionSourceId: sourceId,
        subject: index % 27 === 0 ? "lantern report" : `note ${index}`,
        bodyText: `harbor status${lantern} day ${index}`,
        sentAt: new Date(day + (index % 40) * 86_400_000),
      },
      { engine },
    );
  }
  await db().$executeRawUnsafe("ANALYZE archived_emails");
}, 120_000);

describe("PostgreSQL search at scale", () => {
  it("answers the planner's estimate beyond the exact-total limit, and the exact count when asked", async () => {
    // "harbor lantern": emails with both words fill the page, so the `last` result set (every "harbor"
    // email) is counted, not ranked; "" lists newest first.
    for (const text of ["harbor lantern", ""]) {
      const estimated = await page(smallLimitEngine, text, 0, 5);
      expect(estimated.totalIsEstimate, text).toBe(true);
      expect(estimated.total, text).toBeGreaterThan(FREQUENT / 2);
      expect(estimated.total).toBeLessThan(FREQUENT * 2);
      expect(await page(smallLimitEngine, text, 0, 5, true)).toMatchObject({ total: FREQUENT, totalIsEstimate: false });
      expect(await page(engine, text, 0, 5)).toMatchObject({ total: FREQUENT, totalIsEstimate: false });
    }
    // Few matches are always counted exactly; a ranking of the whole result set counts it anyway.
    expect(await page(smallLimitEngine, "report", 0, 5)).toMatchObject({ total: 5, totalIsEstimate: false });
    expect(await page(smallLimitEngine, "harbor", 0, 5)).toMatchObject({ total: FREQUENT, totalIsEstimate: false });
  });

  it("pages through every-term matches first exactly as the full ranking orders them", async () => {
    const full = await page(engine, "lantern harbor", 0, 100);
    expect(full.total).toBe(FREQUENT / 3);
    const pages: string[] = [];
    for (let offset = 0; offset < full.total; offset += 7)
      pages.push(...(await page(engine, "lantern harbor", offset, 7)).hits.map((hit) => hit.id));
    expect(pages).toEqual(full.hits.map((hit) => hit.id));
    // `last` drops "lantern": every harbor email matches; the ones with both words come first.
    const dropped = await page(engine, "harbor lantern", 0, 200);
    expect(dropped.total).toBe(FREQUENT);
    const both = new Set(full.hits.map((hit) => hit.id));
    expect(dropped.hits.slice(0, both.size).every((hit) => both.has(hit.id))).toBe(true);
    const paged: string[] = [];
    for (let offset = 0; offset < dropped.total; offset += 11)
      paged.push(...(await page(engine, "harbor lantern", offset, 11)).hits.map((hit) => hit.id));
    expect(paged).toEqual(dropped.hits.map((hit) => hit.id));
  });

  it("highlights a word found deep in a long body (the snippet window starts at the first match)", async () => {
    await insertTestEmail(
      { subject: "long report", bodyText: `${"filler words here ".repeat(5000)}the zeppelin appears late ${"more filler ".repeat(100)}` },
      { engine },
    );
    const [hit] = (await page(engine, "zeppelin", 0, 1)).hits;
    expect(hit.snippet).toContain("<mark>zeppelin</mark>");
  });

  it("starts the snippet window at the first query word even when it straddles the prefix searched first", async () => {
    // "quokka" begins 2 characters before the end of the HEADLINE_WINDOW_CHARS prefix searched first, so
    // it is not found there; the window must still start at it, not at "wombat" far later.
    const body = `${"lorem ".repeat(HEADLINE_WINDOW_CHARS / 6 - 1)}xxx quokka ${"ipsum ".repeat(2500)}wombat end`;
    await insertTestEmail({ subject: "straddle", bodyText: body }, { engine });
    const [hit] = (await page(engine, "wombat quokka", 0, 1)).hits;
    expect(hit.snippet).toContain("<mark>quokka</mark>");
    expect(hit.snippet).not.toContain("<mark>wombat</mark>");
  });
});
