import { describe, expect, it } from "vitest";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { db } from "../platform/db/client";
import { enqueueIndexCatchUp } from "./enqueue-index-catch-up";
import { SEARCH_INDEX_JOB } from "./meilisearch-index-jobs";

useEmptyDatabasePerTest();

const meili = { name: "meilisearch" as const };

describe("index catch-up", () => {
  it("re-queues old unindexed emails that no live job covers, once", async () => {
    const old = new Date(Date.now() - 3600_000);
    const stranded = await insertTestEmail({ archivedAt: old });
    const covered = await insertTestEmail({ archivedAt: old });
    const fresh = await insertTestEmail();
    const indexed = await insertTestEmail({ archivedAt: old });
    await db().archivedEmail.updateMany({ where: { id: { in: [stranded.id, covered.id, fresh.id] } }, data: { isIndexed: false } });
    await db().job.create({ data: { type: SEARCH_INDEX_JOB, payload: { emailIds: [covered.id] } } });
    await db().job.create({ data: { type: SEARCH_INDEX_JOB, payload: { emailIds: [stranded.id] }, status: "failed" } });

    expect(await enqueueIndexCatchUp({ engine: meili })).toBe(1);
    const queued = await db().job.findMany({ where: { type: SEARCH_INDEX_JOB, status: "queued" }, orderBy: { createdAt: "asc" } });
    expect(queued.map((job) => (job.payload as { emailIds: string[] }).emailIds)).toEqual([[covered.id], [stranded.id]]);
    expect(await enqueueIndexCatchUp({ engine: meili })).toBe(0);
    expect(indexed.isIndexed).toBe(true);
  });

  it("does nothing for PostgreSQL full-text search, which indexes in the ingest transaction", async () => {
    const email = await insertTestEmail({ archivedAt: new Date(Date.now() - 3600_000) });
    await db().archivedEmail.update({ where: { id: email.id }, data: { isIndexed: false } });
    expect(await enqueueIndexCatchUp({ engine: { name: "postgres" } })).toBe(0);
    expect(await db().job.count()).toBe(0);
  });
});
