import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { newestFirstSlices, PostgresSearchEngine } from "./postgres-search-engine";
import { normalizeSearchQuery } from "./search.schemas";
import type { SearchPage, SearchQuery } from "./search-engine";

/**
 * A walk that does not fill its page is followed by a listing of every match; above
 * SLICED_LISTING_LIMIT expected matches that listing runs in date slices, newest first, and stops
 * at the slice that fills the window (docs/search.md, "Sliced by date"). The pages must be exactly
 * those of the listing of every match, for the search language and for the tiers of operator-free
 * queries, and an early page must read only the newest slices.
 */
let sourceId: string;
const EMAILS = 240;

beforeAll(async () => {
  sourceId = await ensureTestSource("Sliced listing source");
  for (let index = 0; index < EMAILS; index++) {
    const words = [
      "alder",
      index % 3 === 0 ? "cedar" : "",
      index % 7 === 0 ? "birch" : "",
      index % 11 === 0 ? "alder birch" : "birch alder",
      index % 5 === 0 ? "" : "rowan",
    ];
    await insertTestEmail({
      ingestionSourceId: sourceId,
      subject: `sliced ${index}`,
      bodyText: words.join(" "),
      // Dates after every other test's, so this source's mail is the newest of the table; distinct, so
      // that the planner's histogram of sent_at has buckets of equal counts (no most common values).
      sentAt: new Date(Date.UTC(2090, 0, 1, index)),
    });
  }
  await db().$executeRawUnsafe("ANALYZE archived_emails");
}, 120_000);

const query = (text: string, matchingStrategy: "last" | "all" = "last"): SearchQuery =>
  normalizeSearchQuery({ query: text, matchingStrategy, filters: { ingestionSourceId: sourceId } });

/** Language queries and operator-free ones (each tier of `alder cedar` is walked, then listed). */
const cases: SearchQuery[] = [
  query("cedar OR birch"),
  query("alder -rowan"),
  query('alder AND "alder birch"'),
  query("birch NEAR/1 alder"),
  query("cedar"),
  query("cedar rowan"),
  query("alder cedar", "all"),
];

/**
 * Walks of five emails never fill a page of 20, so every page below is walked, then listed. (No
 * count of a tier's few matches: every word here is in the statistics, and the timed tests below
 * count the engine's readings of the clock.)
 */
const walkThenList = { listedMatchesLimit: 0, walkRows: () => 5, fewMatches: 0 };

/**
 * An engine whose clock is read from its own counters, so that a test passes the bound at a chosen
 * point of a search (after a step, when the slices begin).
 */
function clockedEngine(
  options: NonNullable<ConstructorParameters<typeof PostgresSearchEngine>[0]>,
  clock: (engine: PostgresSearchEngine) => number,
): PostgresSearchEngine {
  const engine: PostgresSearchEngine = new PostgresSearchEngine({ ...options, now: () => clock(engine) });
  return engine;
}

/**
 * The same 80 matches as a language query, a word (a tier of its own) and two words all required
 * (one tier): each is newest first, so each first page can be a bounded answer.
 */
const boundedCases = ["cedar AND alder", "cedar", "alder cedar"] as const;
const boundedQuery = (text: (typeof boundedCases)[number]) => query(text, text === "alder cedar" ? "all" : "last");

describe("a listing sliced by date, newest first", () => {
  it("answers the same pages and totals as the listing of every match", async () => {
    const whole = new PostgresSearchEngine({ ...walkThenList, slicedListingLimit: Infinity });
    const sliced = new PostgresSearchEngine({ ...walkThenList, slicedListingLimit: 0 });
    for (const searchQuery of cases) {
      const first = await whole.search({ query: searchQuery, scope: null, offset: 0, limit: 20 });
      expect(first.totalIsEstimate, searchQuery.query).toBe(false);
      expect(first.total, searchQuery.query).toBeGreaterThan(40);
      for (const offset of [0, 7, 20, first.total - 10, first.total + 5]) {
        const expected = await whole.search({ query: searchQuery, scope: null, offset, limit: 20 });
        const page = await sliced.search({ query: searchQuery, scope: null, offset, limit: 20 });
        expect(
          page.hits.map((hit) => hit.id),
          `${searchQuery.query} at ${offset}`,
        ).toEqual(expected.hits.map((hit) => hit.id));
        expect(
          page.hits.map((hit) => hit.snippet),
          `${searchQuery.query} at ${offset}`,
        ).toEqual(expected.hits.map((hit) => hit.snippet));
        // A sliced page that stopped early knows no exact total: it counts it (up to the exact limit) or flags an estimate.
        if (!page.totalIsEstimate) expect(page.total, `${searchQuery.query} at ${offset}`).toBe(expected.total);
      }
    }
    expect(whole.slicedPages.pages).toBe(0);
    expect(sliced.slicedPages.pages).toBeGreaterThan(cases.length);
  });

  it("reads only the newest slices for an early page", async () => {
    const sliced = new PostgresSearchEngine({ ...walkThenList, slicedListingLimit: 0 });
    const bounds = (
      await db().$queryRawUnsafe<{ bounds: string[] }[]>(`
        SELECT ARRAY(SELECT (extract(epoch FROM bound) * 1000)::bigint::text FROM unnest(histogram_bounds::text::timestamptz[]) AS bound) AS bounds
        FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'archived_emails' AND attname = 'sent_at'`)
    )[0].bounds.map(Number);
    const slices = newestFirstSlices(bounds, 1 / 64);
    expect(slices.length).toBeGreaterThan(3);
    // `alder` is in every email of the source, the newest of the table: the first slices hold the page.
    const page = await sliced.search({ query: query("alder AND rowan"), scope: null, offset: 0, limit: 20 });
    expect(page.hits).toHaveLength(20);
    expect(sliced.slicedPages.pages).toBe(1);
    expect(sliced.slicedPages.slices).toBeLessThan(slices.length);
  });

  it("stops the slices at one statement's time bound, with the search's 503", async () => {
    const sliced = new PostgresSearchEngine({ ...walkThenList, slicedListingLimit: 0, slicedBudgetMs: 0 });
    await expect(sliced.search({ query: query("cedar OR birch"), scope: null, offset: 0, limit: 20 })).rejects.toMatchObject({
      code: "UNAVAILABLE",
    });
    expect(sliced.slicedPages.slices).toBe(0);
    // The connection's own timeout is back: the next search on the pool answers.
    const page = await new PostgresSearchEngine().search({ query: query("cedar OR birch"), scope: null, offset: 0, limit: 20 });
    expect(page.hits).toHaveLength(20);
  });

  /** Every match of a bounded case, listed whole in one page. */
  const everyMatch = (text: (typeof boundedCases)[number]) =>
    new PostgresSearchEngine({ ...walkThenList, slicedListingLimit: Infinity }).search({
      query: boundedQuery(text),
      scope: null,
      offset: 0,
      limit: 200,
    });

  /** The matches of `whole` sent at or after `searchedFrom`, and those asked for again before it: together `whole`, once. */
  async function expectSplitAt(searchedFrom: Date, page: SearchPage, whole: SearchPage) {
    const sentAt = new Map(
      (
        await db().archivedEmail.findMany({ where: { id: { in: whole.hits.map((hit) => hit.id) } }, select: { id: true, sentAt: true } })
      ).map((email) => [email.id, email.sentAt.getTime()]),
    );
    const newer = whole.hits.filter((hit) => sentAt.get(hit.id)! >= searchedFrom.getTime());
    expect(newer.length).toBeGreaterThan(0);
    expect(newer.length).toBeLessThan(whole.total);
    expect(page.hits.map((hit) => hit.id)).toEqual(newer.map((hit) => hit.id));
    expect(page).toMatchObject({ total: newer.length, totalIsEstimate: true });
    const olderQuery = normalizeSearchQuery({
      query: "cedar AND alder",
      matchingStrategy: "last",
      filters: { ingestionSourceId: sourceId, endDate: new Date(searchedFrom.getTime() - 1).toISOString() },
    });
    const older = await new PostgresSearchEngine().search({ query: olderQuery, scope: null, offset: 0, limit: 200 });
    expect([...page.hits, ...older.hits].map((hit) => hit.id)).toEqual(whole.hits.map((hit) => hit.id));
  }

  it.each(boundedCases)(
    "answers a bounded search (%s) at its time bound with the newest matches of the slices read, and where it stopped",
    async (text) => {
      // Each reading of the clock is a second later: the bound (3.5 s) passes after the walk's step and the first slice.
      let clock = 0;
      const timed = { ...walkThenList, slicedListingLimit: 0, slicedBudgetMs: 3_500, boundedAnswerMs: 3_500, now: () => (clock += 1_000) };
      const whole = await everyMatch(text);
      expect(whole.total).toBe(80);
      expect(whole.hits).toHaveLength(80);

      const bounded = new PostgresSearchEngine(timed);
      const page = await bounded.search({ query: boundedQuery(text), scope: null, offset: 0, limit: 200, boundedTime: true });
      expect(bounded.slicedPages.slices, "one slice read before the bound").toBe(1);
      expect(page.searchedFrom).toBeInstanceOf(Date);
      // Exactly the matches of every email sent at or after searchedFrom, newest first, and their count;
      // asking again before that instant finds the rest: together, every match once.
      await expectSplitAt(page.searchedFrom!, page, whole);

      // The same bound without a bounded answer, or for an exact total, is the 503 it always was.
      for (const options of [{}, { boundedTime: true, exactTotal: true }]) {
        await expect(
          new PostgresSearchEngine(timed).search({ query: boundedQuery(text), scope: null, offset: 0, limit: 200, ...options }),
        ).rejects.toMatchObject({ code: "UNAVAILABLE" });
      }
      // A search the bound does not reach answers whole, without searchedFrom.
      const quick = await new PostgresSearchEngine({ ...walkThenList, slicedListingLimit: 0 }).search({
        query: boundedQuery(text),
        scope: null,
        offset: 0,
        limit: 200,
        boundedTime: true,
      });
      expect(quick.searchedFrom).toBeUndefined();
      expect(quick.hits.map((hit) => hit.id)).toEqual(whole.hits.map((hit) => hit.id));
    },
  );

  it("does not bound an operator-free query of several tiers: its slices past the bound are the 503", async () => {
    let clock = 0;
    const timed = new PostgresSearchEngine({
      ...walkThenList,
      slicedListingLimit: 0,
      slicedBudgetMs: 3_500,
      boundedAnswerMs: 3_500,
      now: () => (clock += 1_000),
    });
    // "alder cedar" with the default strategy: the emails with both words, then those with alder alone.
    await expect(
      timed.search({ query: query("alder cedar"), scope: null, offset: 0, limit: 200, boundedTime: true }),
    ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(timed.boundedWalks.steps).toBe(0);
  });

  /** The table's `count` newest emails' instants (this source's are the newest of the table), newest first. */
  const newestSentAt = async (count: number) =>
    (await db().archivedEmail.findMany({ orderBy: [{ sentAt: "desc" }, { id: "desc" }], take: count, select: { sentAt: true } })).map(
      (email) => email.sentAt.getTime(),
    );

  it.each(boundedCases)(
    "answers a first page (%s) from its walk alone when the bound passes before a slice is read, a later page with 503",
    async (text) => {
      const whole = await everyMatch(text);
      // The clock passes the bound as the slices begin: the walk (of the table's 30 newest emails, in
      // steps of 2, 4, 8, 16) was read whole, no slice was.
      const slicedLate = () =>
        clockedEngine(
          { listedMatchesLimit: 0, walkRows: () => 30, firstWalkStepRows: 2, slicedListingLimit: 0, boundedAnswerMs: 500 },
          (engine) => (engine.slicedPages.pages > 0 ? 10_000 : 0),
        );
      const engine = slicedLate();
      const page = await engine.search({ query: boundedQuery(text), scope: null, offset: 0, limit: 200, boundedTime: true });
      expect(engine.boundedWalks.steps).toBe(4);
      expect(engine.slicedPages).toEqual({ pages: 1, slices: 0 });
      // The answer starts just after the 30th newest email's millisecond, which may hold emails the walk did not read.
      expect(page.searchedFrom).toEqual(new Date((await newestSentAt(30))[29] + 1));
      await expectSplitAt(page.searchedFrom!, page, whole);

      // A later page's walk skipped matches it cannot place: it answers with the 503.
      await expect(
        slicedLate().search({ query: boundedQuery(text), scope: null, offset: 20, limit: 20, boundedTime: true }),
      ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    },
  );

  it.each(boundedCases)(
    "stops a bounded walk (%s) between its steps with what it read, and answers 503 if no step was read",
    async (text) => {
      const whole = await everyMatch(text);
      // The clock passes the bound once `steps` steps were read (after its first reading, the search's start).
      const stoppedAfter = (steps: number) => {
        let readings = 0;
        return clockedEngine({ listedMatchesLimit: 0, walkRows: () => 1_000, firstWalkStepRows: 4, boundedAnswerMs: 500 }, (engine) =>
          readings++ > 0 && engine.boundedWalks.steps >= steps ? 10_000 : 0,
        );
      };
      const engine = stoppedAfter(2);
      const page = await engine.search({ query: boundedQuery(text), scope: null, offset: 0, limit: 200, boundedTime: true });
      expect(engine.boundedWalks.steps).toBe(2);
      expect(engine.slicedPages.pages).toBe(0);
      // Steps of 4 and 8: every email down to the 12th newest was read.
      expect(page.searchedFrom).toEqual(new Date((await newestSentAt(12))[11] + 1));
      await expectSplitAt(page.searchedFrom!, page, whole);

      const none = stoppedAfter(0);
      await expect(none.search({ query: boundedQuery(text), scope: null, offset: 0, limit: 200, boundedTime: true })).rejects.toMatchObject(
        { code: "UNAVAILABLE" },
      );
      expect(none.boundedWalks.steps).toBe(0);
    },
  );

  it("ends a bounded answer's total sample at the bound, with the candidates' estimate as the total", async () => {
    // The first step (the 30 newest emails) fills the page; the clock passes the bound once it was read.
    const engineWith = (clockPasses: boolean) =>
      clockedEngine(
        { listedMatchesLimit: 0, walkRows: () => 1_000, firstWalkStepRows: 30, exactTotalLimit: 1, boundedAnswerMs: 500 },
        (engine) => (clockPasses && engine.boundedWalks.steps > 0 ? 10_000 : 0),
      );
    const phrase = query('alder AND "birch alder"');
    const stopped = engineWith(true);
    const page = await stopped.search({ query: phrase, scope: null, offset: 0, limit: 20, boundedTime: true });
    const sampled = engineWith(false);
    const whole = await sampled.search({ query: phrase, scope: null, offset: 0, limit: 20, boundedTime: true });
    expect(stopped.boundedWalks.steps).toBe(1);
    expect(stopped.totalSamples).toEqual({ taken: 0, stopped: 1 });
    expect(sampled.totalSamples).toEqual({ taken: 1, stopped: 0 });
    // The page itself is whole either way: only its total is the cheaper estimate.
    expect(page.hits.map((hit) => hit.id)).toEqual(whole.hits.map((hit) => hit.id));
    expect(page.searchedFrom).toBeUndefined();
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(20);
  });

  it("cuts the dates into contiguous slices, newest first, each as large as all newer ones, the last one open", () => {
    // 100 buckets of 1,000 ms each from 0.
    const bounds = Array.from({ length: 101 }, (_, index) => index * 1000);
    const slices = newestFirstSlices(bounds, 1 / 64);
    expect(slices.map((slice) => slice.from)).toEqual([98438, 96875, 93750, 87500, 75000, 50000, null]);
    expect(slices[0].before).toBeNull();
    for (let index = 1; index < slices.length; index++) expect(slices[index].before).toBe(slices[index - 1].from);
    expect(newestFirstSlices(bounds, 1 / 1024)).toHaveLength(11);
    // Equal bounds (one date in many buckets) give no empty slice.
    expect(newestFirstSlices([0, 5, 5, 5, 5, 10], 1 / 64).map((slice) => slice.from)).toEqual([10, 9, 8, 7, 5, null]);
    expect(newestFirstSlices([], 1 / 64)).toEqual([{ from: null, before: null }]);
  });
});
