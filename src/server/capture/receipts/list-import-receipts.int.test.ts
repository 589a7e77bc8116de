import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";

useEmptyDatabasePerTest();

describe("GET /v1/ingestion-sources/{id}/receipts", () => {
  it("lists every receipt of the source, newest first, a page at a time, each with its totals and link", async () => {
    const admin = await setupAdmin();
    const created = await api("POST", "/v1/ingestion-sources", {
      token: admin.token,
      body: { name: "Receipts", provider: "upload", config: { userEmail: "alice@example.com" } },
    });
    const sourceId = created.body.id as string;
    const other = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Other", provider: "upload" } });
    const upload = (id: string, message: Buffer) =>
      api("POST", `/v1/ingestion-sources/${id}/import?userEmail=alice@example.com`, {
        token: admin.token,
        rawBody: new Uint8Array(message),
        headers: { "content-type": "message/rfc822" },
      });
    const [first, second, third] = ["first", "second", "third"].map((subject) => buildMessage({ subject }));
    for (const message of [first, second, third]) expect((await upload(sourceId, message)).status).toBe(200);
    expect((await upload(sourceId, third)).body).toMatchObject({ duplicates: 1 });
    expect((await upload(other.body.id, buildMessage({ subject: "elsewhere" }))).status).toBe(200);
    const receipts = await api("GET", `/v1/ingestion-sources/${sourceId}/receipts`, { token: admin.token });

    const firstPage = await api("GET", `/v1/ingestion-sources/${sourceId}/receipts?limit=3`, { token: admin.token });
    expect(firstPage.status).toBe(200);
    expect(firstPage.body).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect(firstPage.body.items).toHaveLength(3);
    // Newest first: the re-upload (a duplicate), then "third" stored.
    expect(firstPage.body.items[0]).toMatchObject({
      origin: "upload",
      outcome: "completed",
      totals: { seen: 1, stored: 0, alreadyArchived: 1, failed: 0 },
    });
    expect(firstPage.body.items[1]).toMatchObject({ totals: { seen: 1, stored: 1, alreadyArchived: 0 } });
    const item = firstPage.body.items[0];
    expect(item.url).toBe(`/v1/ingestion-sources/${sourceId}/receipts/${item.id}`);
    const finished = firstPage.body.items.map((entry: { finishedAt: string }) => entry.finishedAt);
    expect([...finished].sort().reverse()).toEqual(finished);
    const downloaded = await api("GET", item.url, { token: admin.token });
    expect(downloaded.body).toMatchObject({ id: item.id, sha256: item.sha256 });

    const secondPage = await api("GET", `/v1/ingestion-sources/${sourceId}/receipts?limit=3&page=2`, { token: admin.token });
    expect(secondPage.body).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(secondPage.body.items).toHaveLength(1);
    const everyId = [...firstPage.body.items, ...secondPage.body.items].map((entry: { id: string }) => entry.id);
    expect(new Set(everyId).size).toBe(4);
    // The default page holds all four (20 by default), in the same order.
    expect(receipts.body.items.map((entry: { id: string }) => entry.id)).toEqual(everyId);
  });

  it("answers 404 for an unknown source and 422 for bad paging", async () => {
    const admin = await setupAdmin();
    const unknown = await api("GET", "/v1/ingestion-sources/00000000-0000-4000-8000-000000000000/receipts", { token: admin.token });
    expect(unknown.status).toBe(404);
    const created = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Paging", provider: "upload" } });
    for (const query of ["limit=0", "limit=101", "page=0", "page=x", "limit=-1"]) {
      const response = await api("GET", `/v1/ingestion-sources/${created.body.id}/receipts?${query}`, { token: admin.token });
      expect(response.status, query).toBe(422);
      expect(response.body).toMatchObject({ statusCode: 422, errors: [{ field: expect.stringMatching(/^(limit|page)$/) }] });
    }
    const empty = await api("GET", `/v1/ingestion-sources/${created.body.id}/receipts`, { token: admin.token });
    expect(empty.body).toEqual({ items: [], total: 0, page: 1, limit: 20 });
  });
});
