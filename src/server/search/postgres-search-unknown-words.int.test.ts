import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { PostgresSearchEngine } from "./postgres-search-engine";
import { normalizeSearchQuery } from "./search.schemas";
import type { SearchQuery } from "./search-engine";

/**
 * A word outside the search vectors' statistics (most common lexemes, as ANALYZE recorded them) is
 * estimated by the planner at up to 0.5 % of the archive whatever its real count: such a tier is
 * first listed within a short bound, and walked as before when the listing does not finish in it
 * (docs/search.md, "Words the statistics do not know"). Either way the page is the listing's.
 */
let sourceId: string;
const KNOWN = 60;
const HEAVY = 3_000;

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

describe("a word the statistics do not know", () => {
  it("is listed first, without a walk, and answers the listing's page and exact total", async () => {
    const engine = new PostgresSearchEngine(walking);
    await expectSamePages(engine, "zq4417");
    expect(engine.tierPages).toMatchObject({ unknownWordListed: 3, unknownWordStopped: 0, walked: 0 });
    const first = await engine.search({ query: query("zq4417"), scope: null, offset: 0, limit: 20 });
    expect(first).toMatchObject({ total: 3, totalIsEstimate: false });
  });

  it("is walked as before when its listing does not finish within the bound", async () => {
    const engine = new PostgresSearchEngine({ ...walking, unknownWordListingMs: 1 });
    await expectSamePages(engine, "quillwort");
    expect(engine.tierPages.unknownWordStopped).toBe(3);
    expect(engine.tierPages.unknownWordListed).toBe(0);
    expect(engine.tierPages.walked).toBe(3);
  });

  it("is not tried as a listing when the bound is 0, nor is a word the statistics know", async () => {
    const never = new PostgresSearchEngine({ ...walking, unknownWordListingMs: 0 });
    await expectSamePages(never, "zq4417");
    const known = new PostgresSearchEngine(walking);
    await expectSamePages(known, "harbor");
    for (const engine of [never, known]) {
      expect(engine.tierPages).toMatchObject({ unknownWordListed: 0, unknownWordStopped: 0, walked: 3 });
    }
  });
});
