import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { PostgresSearchEngine } from "./postgres-search-engine";
import { normalizeSearchQuery } from "./search.schemas";
import type { SearchQuery } from "./search-engine";

/**
 * A word outside the search vectors' statistics (most common lexemes, as ANALYZE recorded them) is
 * estimated by the planner at up to 0.5 % of the archive whatever its real count: such a tier has its
 * matches counted up to FEW_MATCHES first, and is listed below it, walked as before at it or when
 * the count takes too long (docs/search.md, "Cost at scale"). Either way the page is the listing's.
 */
let sourceId: string;
const KNOWN = 60;
const HEAVY = 20_000;

beforeAll(async () => {
  sourceId = await ensureTestSource("Unknown words source");
  // The statistics below must stay those of the first ANALYZE (this file's own database).
  await db().$executeRawUnsafe("ALTER TABLE archived_emails SET (autovacuum_enabled = false)");
  for (let index = 0; index < KNOWN; index++) {
    await insertTestEmail({
      ingestionSourceId: sourceId,
      subject: `harbor ${index}`,
      bodyText: "harbor report for the quarter",
      sentAt: new Date(Date.UTC(2080, 0, 1, index)),
    });
  }
  await db().$executeRawUnsafe("ANALYZE archived_emails");
  // Sent after ANALYZE: their words are unknown to the statistics, as a case number is to a large archive's.
  for (let index = 0; index < 3; index++) {
    await insertTestEmail({
      ingestionSourceId: sourceId,
      subject: `case ${index}`,
      bodyText: "harbor case zq4417 opened",
      sentAt: new Date(Date.UTC(2081, 0, 1, index)),
    });
  }
  const heavy = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, subject, body_text, storage_path, storage_hash_sha256, size_bytes)
    SELECT gen_random_uuid(), ${sourceId}::uuid, 'alice@example.com', 'heavy-' || g || '@test.example.com',
      timestamptz '2082-01-01' + g * interval '1 minute', 'heavy ' || g, 'harbor quillwort ' || g, 'p', md5('heavy' || g), 1
    FROM generate_series(1, ${HEAVY}) AS g
    RETURNING id`;
  await new PostgresSearchEngine().indexEmails(
    db(),
    heavy.map((row) => row.id),
  );
}, 120_000);

const query = (text: string): SearchQuery => normalizeSearchQuery({ query: text, filters: { ingestionSourceId: sourceId } });

/** Every tier is listed: the pages to compare with. */
const reference = () => new PostgresSearchEngine({ listedMatchesLimit: Infinity });
/** Every tier's estimate is above the listing limit, and a walk of five emails never fills a page of 20. */
const walking = { listedMatchesLimit: 0, walkRows: () => 5, slicedListingLimit: Infinity };

async function expectSamePages(engine: PostgresSearchEngine, text: string) {
  for (const offset of [0, 2, 20]) {
    const expected = await reference().search({ query: query(text), scope: null, offset, limit: 20 });
    const page = await engine.search({ query: query(text), scope: null, offset, limit: 20 });
    expect(
      page.hits.map((hit) => hit.id),
      `${text} at ${offset}`,
    ).toEqual(expected.hits.map((hit) => hit.id));
    expect(page.total, `${text} at ${offset}`).toBe(expected.total);
  }
}

const counted = (few: number, more: number, stopped: number) => ({ few, more, stopped });

describe("a word the statistics do not know", () => {
  it("with few matches is listed, without a walk, with the listing's page and exact total", async () => {
    const engine = new PostgresSearchEngine(walking);
    await expectSamePages(engine, "zq4417");
    expect(engine.tierPages).toMatchObject({ unknownWord: counted(3, 0, 0), walked: 0, listed: 3 });
    const first = await engine.search({ query: query("zq4417"), scope: null, offset: 0, limit: 20 });
    expect(first).toMatchObject({ total: 3, totalIsEstimate: false });
  });

  it("with as many matches as the count goes to is walked as before", async () => {
    const engine = new PostgresSearchEngine({ ...walking, fewMatches: 3 });
    await expectSamePages(engine, "zq4417");
    await expectSamePages(engine, "quillwort");
    expect(engine.tierPages).toMatchObject({ unknownWord: counted(0, 6, 0), walked: 6 });
  });

  it("is walked as before when its count does not finish within the bound", async () => {
    const engine = new PostgresSearchEngine({ ...walking, fewMatches: 1_000_000, fewMatchesCountMs: 1 });
    await expectSamePages(engine, "quillwort");
    expect(engine.tierPages).toMatchObject({ unknownWord: counted(0, 0, 3), walked: 3 });
  });

  it("is not counted when the count is off, nor is a word the statistics know", async () => {
    const never = new PostgresSearchEngine({ ...walking, fewMatches: 0 });
    await expectSamePages(never, "zq4417");
    const known = new PostgresSearchEngine(walking);
    await expectSamePages(known, "harbor");
    for (const engine of [never, known]) expect(engine.tierPages).toMatchObject({ unknownWord: counted(0, 0, 0), walked: 3 });
  });
});
