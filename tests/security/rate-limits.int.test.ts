import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/server/platform/db/client";
import { createUserWithRole, setupAdmin, type TestUser } from "../helpers/auth";
import { ensureTestSource } from "../helpers/emails";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";
import { createHold } from "../helpers/retention";
import { sessionCookieFor, trpcHttp, uiHeaders } from "../helpers/trpc-http";
import { withEnv } from "../helpers/with-env";

/**
 * The expensive endpoints count each principal's requests in a fixed window kept in PostgreSQL;
 * REST, tRPC and the UI upload route charge the same budget.
 */
const H = "/api/v1/enterprise/legal-holds";

useEmptyDatabasePerTest();

withEnv({
  RATE_LIMIT_SEARCH: "3",
  RATE_LIMIT_BULK_APPLY: "3",
  RATE_LIMIT_AUDIT_VERIFY: "3",
  RATE_LIMIT_IMPORT: "3",
  // A long window keeps the counting deterministic on a slow machine; the reset test shortens it.
  RATE_LIMIT_WINDOW_SECONDS: "60",
});

let admin: TestUser;
beforeEach(async () => {
  admin = await setupAdmin();
});

const search = (token: string) => api("GET", "/v1/search?query=hello", { token });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectRateLimited(response: { status: number; body: unknown; headers: Headers }) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    status: "error",
    statusCode: 429,
    message: expect.stringMatching(/^Too many .* requests; retry in \d+ s$/),
    errors: null,
  });
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  // The rest of the window that began with the first request (seconds ago, not a minute).
  expect(retryAfter).toBeGreaterThanOrEqual(30);
  expect(retryAfter).toBeLessThanOrEqual(60);
  return retryAfter;
}

describe("rate limits on expensive endpoints", () => {
  it("refuses a principal's search over the budget with 429, the error body and Retry-After; others are unaffected; the window resets", async () => {
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    for (let index = 0; index < 3; index++) expect((await search(admin.token)).status).toBe(200);
    const refused = await search(admin.token);
    const retryAfter = expectRateLimited(refused);
    expect((await search(reader.token)).status).toBe(200);
    // Refused requests do not extend the window.
    expect(expectRateLimited(await search(admin.token))).toBeLessThanOrEqual(retryAfter);
    // The window's length is read per request: shortened to 1 s, the stored window has run out.
    await withEnv({ RATE_LIMIT_WINDOW_SECONDS: "1" }, async () => {
      await pause(1100);
      expect((await search(admin.token)).status).toBe(200);
      expect((await search(admin.token)).status).toBe(200);
    });
  });

  it("charges the same budget over REST, an API key of the same user, and tRPC (429 TOO_MANY_REQUESTS with Retry-After)", async () => {
    const user = await createUserWithRole(admin.token, "predefined_read_only", { apiKey: true });
    expect((await search(user.token)).status).toBe(200);
    expect((await api("GET", "/v1/search?query=x", { apiKey: user.apiKey })).status).toBe(200);
    const viaUi = uiHeaders(await sessionCookieFor(user.user.id, user.user.email));
    expect((await trpcHttp("search.run", { query: "x" }, viaUi)).status).toBe(200);
    const refused = await trpcHttp("search.run", { query: "x" }, viaUi);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.data.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expectRateLimited(await search(user.token));
    // The bulk-apply preview runs the same search, so it spends the same budget.
    expect(
      (await trpcHttp("legalHolds.previewBulkApply", { searchQuery: { query: "x" } }, uiHeaders(await sessionCookieFor(admin.user.id))))
        .status,
    ).toBe(200);
  });

  it("limits bulk apply, audit verify and imports (REST and their tRPC or UI twins) per principal", async () => {
    const hold = await createHold(admin.token, "Case");
    const sourceId = await ensureTestSource();
    const adminUi = uiHeaders(await sessionCookieFor(admin.user.id));
    const message = "From: a@example.com\r\nSubject: hi\r\n\r\nbody\r\n";
    const pairs: [string, () => Promise<{ status: number }>, () => Promise<{ status: number }>][] = [
      [
        "bulk apply",
        () => api("POST", `${H}/holds/${hold.id}/bulk-apply`, { token: admin.token, body: { searchQuery: { query: "x" } } }),
        () => trpcHttp("legalHolds.bulkApply", { id: hold.id, searchQuery: { query: "x" } }, adminUi),
      ],
      [
        "audit verify",
        () => api("POST", "/api/v1/enterprise/audit-logs/verify", { token: admin.token }),
        () => trpcHttp("audit.verify", undefined, adminUi),
      ],
      [
        "import",
        () =>
          api("POST", `/v1/ingestion-sources/${sourceId}/import?userEmail=a@example.com`, {
            token: admin.token,
            rawBody: message,
            headers: { "content-type": "message/rfc822" },
          }),
        () =>
          api("POST", `/api/ui/sources/${sourceId}/import?userEmail=a@example.com`, {
            rawBody: message,
            headers: { ...adminUi, "content-type": "message/rfc822" },
          }),
      ],
    ];
    for (const [name, rest, twin] of pairs) {
      // REST and its twin share one budget of 3.
      const statuses = [(await rest()).status, (await twin()).status, (await rest()).status, (await twin()).status, (await rest()).status];
      expect(statuses, name).toEqual([200, 200, 200, 429, 429]);
    }
    const other = await createUserWithRole(admin.token, "predefined_super_admin");
    expect((await api("POST", "/api/v1/enterprise/audit-logs/verify", { token: other.token })).status).toBe(200);
  });

  it("admits exactly the budget from concurrent requests", async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => search(admin.token)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(9);
    expect(await db().requestRateLimit.count()).toBe(1);
  });

  it("counts nothing for callers that fail authentication or permission, and 0 turns a limit off", async () => {
    const noRole = await createUserWithRole(admin.token, null);
    for (let index = 0; index < 5; index++) expect((await search(noRole.token)).status).toBe(403);
    expect((await api("GET", "/v1/search?query=x", { headers: { authorization: "Bearer nope" } })).status).toBe(401);
    expect(await db().requestRateLimit.count()).toBe(0);
    await withEnv({ RATE_LIMIT_SEARCH: "0" }, async () => {
      for (let index = 0; index < 6; index++) expect((await search(admin.token)).status).toBe(200);
    });
  });
});
