import { beforeAll, describe, expect, it } from "vitest";
import { principalForUser } from "../identity/auth/authenticate";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { api } from "@tests/helpers/rest-client";
import { createCaller } from "../transport/trpc/root";
import { explainSearch } from "./explain-search";
import { PostgresSearchEngine } from "./postgres-search-engine";
import { normalizeSearchQuery } from "./search.schemas";

const PATH = "/v1/search/explain";
let admin: TestUser;
let aliceOnly: TestUser;
let noArchive: TestUser;

beforeAll(async () => {
  admin = await setupAdmin();
  aliceOnly = await createUserWithRole(admin.token, [
    { action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } },
  ]);
  noArchive = await createUserWithRole(admin.token, [{ action: "read", subject: "users" }]);
  // 20 emails: "contract" in 16 (4 of them also "acme"), "acme" alone in 2, neither in 2; alice has the first 10.
  for (let index = 0; index < 20; index++) {
    const words = index < 4 ? "contract acme" : index < 16 ? "contract" : index < 18 ? "acme" : "lunch";
    await insertTestEmail({
      userEmail: index < 10 ? "alice@example.com" : "bob@example.com",
      subject: `Note ${index}`,
      bodyText: `${words} text`,
    });
  }
});

const explain = (searchQuery: unknown, token = admin.token) => api("POST", PATH, { token, body: { searchQuery } });

describe("POST /v1/search/explain", () => {
  it("gives each clause's count in the visible archive, the total, and warns about a broad clause", async () => {
    const response = await explain({ query: "contract AND NOT acme" });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      normalized: "contract AND NOT acme",
      matchingStrategyApplied: false,
      total: 12,
      visibleEmails: 20,
      readableEmails: 20,
      tree: {
        type: "and",
        count: 12,
        children: [
          { type: "words", text: "contract", count: 16, children: [] },
          { type: "not", text: "NOT acme", count: 14, children: [{ type: "words", text: "acme", count: 6 }] },
        ],
      },
    });
    expect(body.warnings).toEqual([expect.stringMatching(/^contract matches 16 of 20 emails \(80%\)/)]);
  });

  it("with filters alone, warns about no clause and counts against everything the caller may read", async () => {
    const body = (await explain({ query: "", filters: { userEmail: "alice@example.com" } })).body;
    expect(body).toMatchObject({ normalized: "", total: 10, visibleEmails: 10, readableEmails: 20 });
    // The filters choose the emails: there is no clause of the query that matches "100%" of anything.
    expect(body.warnings).toEqual([]);
    const restricted = (await explain({ query: "", filters: { hasAttachments: false } }, aliceOnly.token)).body;
    expect(restricted).toMatchObject({ total: 10, visibleEmails: 10, readableEmails: 10, warnings: [] });
  });

  it("counts only what the caller may read", async () => {
    const body = (await explain({ query: "contract OR acme" }, aliceOnly.token)).body;
    expect(body).toMatchObject({
      total: 10,
      visibleEmails: 10,
      readableEmails: 10,
      tree: { type: "or", children: [{ count: 10 }, { count: 4 }] },
    });
  });

  it("explains an operator-free query with its strategy: the terms' counts, and the set the strategy takes", async () => {
    const body = (await explain({ query: "contract acme" })).body;
    expect(body).toMatchObject({
      matchingStrategyApplied: true,
      total: 16,
      tree: {
        text: "contract acme",
        count: 16,
        children: [
          { type: "term", text: "contract", count: 16 },
          { type: "term", text: "acme", count: 6 },
        ],
      },
    });
    const all = (await explain({ query: "contract acme", matchingStrategy: "all" })).body;
    expect(all.total).toBe(4);
  });

  it("answers 422 naming the position for bad syntax, 401 without credentials, 403 without read:archive", async () => {
    const bad = await explain({ query: "contract AND (acme" });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      status: "error",
      statusCode: 422,
      errors: [{ field: "searchQuery.query", message: expect.stringMatching(/^at character 19: expected "\)"/) }],
    });
    expect((await explain({})).status).toBe(422);
    expect((await api("POST", PATH, { body: { searchQuery: { query: "x" } } })).status).toBe(401);
    expect((await explain({ query: "x" }, noArchive.token)).status).toBe(403);
    expect((await api("GET", PATH, { token: admin.token })).status).toBe(405);
  });

  it("estimates counts beyond the exact-count limit, as the search's total, and counts exactly when asked", async () => {
    const principal = (await principalForUser(admin.user.id, "127.0.0.1", "token"))!;
    const engine = new PostgresSearchEngine({ exactTotalLimit: 2 });
    const searchQuery = normalizeSearchQuery({ query: "contract AND NOT acme" });
    const estimated = await explainSearch({ principal, query: searchQuery, engine });
    expect(estimated).toMatchObject({
      totalIsEstimate: true,
      tree: {
        countIsEstimate: true,
        children: [
          { text: "contract", countIsEstimate: true },
          { text: "NOT acme", countIsEstimate: true },
        ],
      },
    });
    expect(estimated.warnings).toEqual([expect.stringMatching(/^contract matches about \d+ of 20 emails/)]);
    const exact = await explainSearch({ principal, query: searchQuery, engine, exactCounts: true });
    expect(exact).toMatchObject({
      total: 12,
      totalIsEstimate: false,
      tree: {
        count: 12,
        countIsEstimate: false,
        children: [
          { count: 16, countIsEstimate: false },
          { count: 14, countIsEstimate: false },
        ],
      },
    });
  });

  it("takes exactCounts over REST and answers 422 for one that is not a boolean", async () => {
    const exact = await api("POST", PATH, { token: admin.token, body: { searchQuery: { query: "contract" }, exactCounts: true } });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({ total: 16, totalIsEstimate: false, tree: { count: 16, countIsEstimate: false } });
    const bad = await api("POST", PATH, { token: admin.token, body: { searchQuery: { query: "contract" }, exactCounts: "yes" } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: [{ field: "exactCounts" }] });
  });

  it("is the same through tRPC", async () => {
    const caller = createCaller({ principal: await principalForUser(admin.user.id, "127.0.0.1", "session"), ip: "127.0.0.1" });
    const result = await caller.search.explain({ searchQuery: { query: "-lunch acme", filters: null, matchingStrategy: null } });
    expect(result).toMatchObject({ normalized: "NOT lunch AND acme", total: 6 });
  });
});
