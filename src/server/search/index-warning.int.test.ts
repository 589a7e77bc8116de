import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";
import { db } from "../platform/db/client";

/** Issue 37: while archived emails are not searchable yet, bulk apply's preview and the export form warn. */
useEmptyDatabasePerTest();

describe("index-incomplete warning", () => {
  it("the bulk-apply preview and GET /v1/search/index-status name the emails the index does not hold yet", async () => {
    const admin = await setupAdmin();
    const ui = uiHeaders(await sessionCookieFor(admin.user.id));
    const indexed = await insertTestEmail({ subject: "quarterly figures" });
    await insertTestEmail({ subject: "quarterly figures again" });
    await insertTestEmail({ subject: "other" });
    const preview = async () => {
      const response = await trpcHttp("legalHolds.previewBulkApply", { searchQuery: { query: "quarterly" } }, ui);
      expect(response.status).toBe(200);
      return ((await response.json()) as { result: { data: { total: number; indexWarning: unknown } } }).result.data;
    };
    const status = async () => (await api("GET", "/v1/search/index-status", { token: admin.token })).body;

    expect(await preview()).toMatchObject({ total: 2, indexWarning: null });
    expect(await status()).toEqual({ notSearchable: 0, indexWarning: null });

    // Two emails archived, not yet indexed (as right after a sync, before the index catches up).
    await db().archivedEmail.updateMany({ where: { id: { not: indexed.id } }, data: { isIndexed: false } });
    const warned = await preview();
    expect(warned.indexWarning).toMatchObject({
      notSearchable: 2,
      message: expect.stringContaining("2 archived emails are not searchable yet"),
    });
    expect(await status()).toMatchObject({ notSearchable: 2, indexWarning: { notSearchable: 2 } });
  });
});
