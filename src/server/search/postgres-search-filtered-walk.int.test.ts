import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { PostgresSearchEngine } from "./postgres-search-engine";
import { normalizeSearchQuery } from "./search.schemas";
import type { SearchFilters } from "./search-engine";

/**
 * A walk reads the filtered emails newest first, not the newest emails of the whole archive: a
 * recent import without attachments (or from another source, or outside the dates) no longer
 * hides the older emails a filtered search is about, so their page is walked instead of listed.
 * The page and its total stay the listing's.
 */
let sourceId: string;
const WITH_ATTACHMENTS = 200;
const RECENT_WITHOUT = 300;

beforeAll(async () => {
  sourceId = await ensureTestSource("Filtered walk source");
  const insert = (count: number, from: string, hasAttachments: boolean) => db().$executeRaw`
    INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, subject, body_text, has_attachments, storage_path, storage_hash_sha256, size_bytes)
    SELECT gen_random_uuid(), ${sourceId}::uuid, 'alice@example.com', ${from} || g || '@test.example.com',
      ${from}::timestamptz + g * interval '1 minute', 'harbor ' || g, 'harbor report ' || g, ${hasAttachments}, 'p', md5(${from} || g), 1
    FROM generate_series(1, ${count}) AS g`;
  await insert(WITH_ATTACHMENTS, "2090-01-01", true);
  // Newer than every email with attachments: a walk of the whole archive's newest reads only these.
  await insert(RECENT_WITHOUT, "2091-01-01", false);
  await db().$executeRaw`UPDATE archived_emails SET search_vector = to_tsvector('simple', subject || ' ' || body_text), is_indexed = true
    WHERE ingestion_source_id = ${sourceId}::uuid`;
  await db().$executeRawUnsafe("ANALYZE archived_emails");
}, 120_000);

const search = (engine: PostgresSearchEngine, filters: SearchFilters, offset = 0) =>
  engine.search({
    query: normalizeSearchQuery({ query: "harbor", filters: { ingestionSourceId: sourceId, ...filters } }),
    scope: null,
    offset,
    limit: 20,
  });

describe("a walk of a filtered search", () => {
  it("reads the emails with attachments newest first, past a newer import without any, and pages as the listing does", async () => {
    // Every tier walked; a walk of the whole archive's 250 newest emails would read only mail without attachments.
    const walking = new PostgresSearchEngine({ listedMatchesLimit: 0, walkRows: () => 250, slicedListingLimit: Infinity });
    const listing = new PostgresSearchEngine({ listedMatchesLimit: Infinity });
    for (const offset of [0, 20]) {
      const walked = await search(walking, { hasAttachments: true }, offset);
      const listed = await search(listing, { hasAttachments: true }, offset);
      expect(walked.hits.map((hit) => hit.id)).toEqual(listed.hits.map((hit) => hit.id));
      expect(walked.hits).toHaveLength(20);
    }
    expect(walking.tierPages).toMatchObject({ walked: 2, listed: 0 });
  });

  it("without attachments, walks the newest emails as a walk of the whole archive would", async () => {
    const walking = new PostgresSearchEngine({ listedMatchesLimit: 0, walkRows: () => 250, slicedListingLimit: Infinity });
    const listing = new PostgresSearchEngine({ listedMatchesLimit: Infinity });
    const walked = await search(walking, { hasAttachments: false });
    expect(walked.hits.map((hit) => hit.id)).toEqual((await search(listing, { hasAttachments: false })).hits.map((hit) => hit.id));
    expect(walking.tierPages).toMatchObject({ walked: 1, listed: 0 });
  });
});
