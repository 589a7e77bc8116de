import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { pgPool, withPooledClient } from "../platform/db/pg-pool";
import { loadEmailSummaries } from "../archive/load-email-summaries";
import { PostgresSearchEngine } from "./postgres-search-engine";
import { searchResultSummaries } from "./search-result-summary";
import { withSearchTransaction } from "./search-transaction";
import { normalizeSearchQuery } from "./search.schemas";

/**
 * What the PostgreSQL engine no longer asks in a statement of its own (docs/search.md, "Statements
 * per search"): each path it takes instead answers what the statement would have.
 */
const EMAILS = 60;
const day = (index: number) => new Date(Date.UTC(2024, 2, 1) + index * 3_600_000);
let sourceId: string;
let heldId: string;
/** The emails by index, with whether each has the second word. */
const emails: { id: string; sentAt: Date; both: boolean }[] = [];

beforeAll(async () => {
  sourceId = await ensureTestSource("Statements source");
  for (let index = 0; index < EMAILS; index++) {
    const both = index % 3 === 0;
    const email = await insertTestEmail({
      ingestionSourceId: sourceId,
      subject: `memo ${index}`,
      bodyText: `quillwort status${both ? " larkspur" : ""} entry ${index}`,
      sentAt: day(index),
    });
    emails.push({ id: email.id, sentAt: day(index), both });
  }
  heldId = emails[3].id;
  const hold = await db().legalHold.create({ data: { name: "Statements hold", nameKey: "statements hold" } });
  await db().emailLegalHold.create({ data: { emailId: heldId, legalHoldId: hold.id } });
  await db().$executeRawUnsafe("ANALYZE archived_emails");
}, 120_000);

const newestFirst = (list: typeof emails) => [...list].sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime()).map((email) => email.id);

describe("PostgreSQL search: statements a search does without", () => {
  it("reads each hit's summary in the page's statement, equal to the summaries read by id (hold flag included)", async () => {
    const engine = new PostgresSearchEngine();
    const page = await engine.search({ query: normalizeSearchQuery({ query: "quillwort larkspur" }), scope: null, offset: 0, limit: 30 });
    expect(page.hits.length).toBe(30);
    expect(page.hits.every((hit) => hit.summary !== undefined)).toBe(true);
    const byId = await loadEmailSummaries(
      pgPool(),
      page.hits.map((hit) => hit.id),
    );
    expect(page.hits.map((hit) => hit.summary)).toEqual(byId);
    expect(page.hits.find((hit) => hit.id === heldId)?.summary?.isOnLegalHold).toBe(true);
    // The items of the use case are the same either way.
    const withoutSummaries = page.hits.map(({ id, snippet }) => ({ id, snippet }));
    expect(await searchResultSummaries({ hits: page.hits })).toEqual(await searchResultSummaries({ hits: withoutSummaries }));
  });

  it("lists a tier before the last without the planner when the statistics expect it small, with the same pages and total", async () => {
    const engine = new PostgresSearchEngine();
    const expected = [...newestFirst(emails.filter((email) => email.both)), ...newestFirst(emails.filter((email) => !email.both))];
    const pages: string[] = [];
    for (let offset = 0; offset < EMAILS; offset += 7) {
      const page = await engine.search({ query: normalizeSearchQuery({ query: "quillwort larkspur" }), scope: null, offset, limit: 7 });
      expect(page).toMatchObject({ total: EMAILS, totalIsEstimate: false });
      pages.push(...page.hits.map((hit) => hit.id));
    }
    expect(pages).toEqual(expected);
    // The first tier (both words) is not the last: listed on the statistics' word. The last is asked for.
    expect(engine.plannerEstimates.tiersUnasked).toBeGreaterThan(0);
    expect(engine.plannerEstimates.tiersAsked).toBeGreaterThan(0);
  });

  it("keeps a result set's estimate for the same condition, not for another filter or scope", async () => {
    // Totals above 10 are estimated: the estimate decides it, so it is asked for.
    const engine = new PostgresSearchEngine({ exactTotalLimit: 10 });
    const search = (filters: Record<string, unknown>, scope: null | { ingestionSourceId: string }[] = null) =>
      engine.search({ query: normalizeSearchQuery({ query: "quillwort larkspur", filters }), scope, offset: 0, limit: 5 });
    const first = await search({});
    expect(first.totalIsEstimate).toBe(true);
    expect(await search({})).toEqual(first);
    expect(engine.plannerEstimates).toMatchObject({ resultSetsAsked: 1, resultSetsKept: 1 });
    await search({ hasAttachments: false });
    await search({}, [{ ingestionSourceId: sourceId }]);
    expect(engine.plannerEstimates).toMatchObject({ resultSetsAsked: 3, resultSetsKept: 1 });
  });

  it("plans a prepared search statement for each call's values, never with a generic plan", async () => {
    const counts = await withSearchTransaction(async (client) => {
      const statement = {
        name: "statements_test_range",
        text: "SELECT count(*) FROM archived_emails e WHERE e.sent_at >= $1::timestamptz",
      };
      for (let call = 0; call < 8; call++) await client.query({ ...statement, values: [day(call * 7).toISOString()] });
      const { rows } = await client.query<{ generic: string; custom: string }>(
        "SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE name = $1",
        [statement.name],
      );
      await client.query("DEALLOCATE statements_test_range");
      return rows[0];
    });
    expect(counts).toEqual({ generic: "0", custom: "8" });
  });

  it("lists a tier of words alone on its generic plan, and a filtered tier planned for its values", async () => {
    const engine = new PostgresSearchEngine();
    const search = (filters: Record<string, unknown>) =>
      engine.search({ query: normalizeSearchQuery({ query: "quillwort larkspur", filters }), scope: null, offset: 0, limit: 5 });
    const words = await search({});
    const filtered = await search({ hasAttachments: false });
    expect(words.hits).toHaveLength(5);
    expect(filtered.hits.map((hit) => hit.id)).toEqual(words.hits.map((hit) => hit.id));
    // One search at a time: each pool lent its one connection, which holds the statements prepared on it.
    const listings = `SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom
      FROM pg_prepared_statements WHERE statement LIKE '%WITH candidates AS MATERIALIZED%'`;
    const prepared = await withSearchTransaction(async (client, genericPlans) => ({
      custom: (await client.query<{ statement: string; generic: number; custom: number }>(listings)).rows,
      generic: await withPooledClient(
        genericPlans,
        async (other) => (await other.query<{ statement: string; generic: number; custom: number }>(listings)).rows,
      ),
    }));
    // The candidates of a tier of words alone are selected by the words' condition and nothing else.
    const wordsAlone = /WHERE e\.search_vector @@ \([^)]*\)\s*\), tier_page/;
    expect(prepared.generic.length).toBeGreaterThan(0);
    for (const row of prepared.generic) {
      expect(row.statement).toMatch(wordsAlone);
      expect(row).toMatchObject({ custom: 0 });
      expect(row.generic).toBeGreaterThan(0);
    }
    const filteredListings = prepared.custom.filter((row) => !wordsAlone.test(row.statement));
    expect(filteredListings.length).toBeGreaterThan(0);
    for (const row of filteredListings) expect(row).toMatchObject({ generic: 0 });
  });
});
