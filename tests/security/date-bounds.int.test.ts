import { beforeAll, describe, expect, it } from "vitest";
import { setupAdmin } from "../helpers/auth";
import { insertTestEmail } from "../helpers/emails";
import { api } from "../helpers/rest-client";
import { sessionCookieFor, trpcHttp, uiHeaders } from "../helpers/trpc-http";

/**
 * Date filters outside what can be sent to PostgreSQL (year 0, five-digit years after the end of
 * the day, offsets crossing year 1) answered 500; every date filter (search, bulk-apply filters,
 * audit log) now answers 422 naming the field, and the extreme dates that can be stored work.
 */
const UNSTORABLE = ["0000-01-01", "0000-12-31T23:59:59Z", "0001-01-01T00:00:00+01:00", "9999-12-31T23:30:00-01:00"];
const EXTREMES = { startDate: "0001-01-01", endDate: "9999-12-31" };

let token: string;
let holdId: string;
let trpcHeaders: Record<string, string>;

beforeAll(async () => {
  const admin = await setupAdmin();
  token = admin.token;
  trpcHeaders = uiHeaders(await sessionCookieFor(admin.user.id, admin.user.email));
  await insertTestEmail();
  holdId = (await api("POST", "/api/v1/enterprise/legal-holds/holds", { token, body: { name: "Date bounds" } })).body.id;
});

function expectFieldError(response: { status: number; body: any }, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
}

describe.each(["startDate", "endDate"])("%s out of PostgreSQL's reach", (field) => {
  it.each(UNSTORABLE)("GET /v1/search with %s is a 422", async (value) => {
    expectFieldError(await api("GET", `/v1/search?${new URLSearchParams({ [field]: value })}`, { token }), field);
  });

  it.each(UNSTORABLE)("GET /api/v1/enterprise/audit-logs with %s is a 422", async (value) => {
    expectFieldError(await api("GET", `/api/v1/enterprise/audit-logs?${new URLSearchParams({ [field]: value })}`, { token }), field);
  });

  it.each(UNSTORABLE)("bulk apply with %s in its filters is a 422", async (value) => {
    const body = { searchQuery: { query: "", filters: { [field]: value } } };
    expectFieldError(
      await api("POST", `/api/v1/enterprise/legal-holds/holds/${holdId}/bulk-apply`, { token, body }),
      `searchQuery.filters.${field}`,
    );
  });

  it.each(UNSTORABLE)("tRPC search.run and audit.list with %s are UNPROCESSABLE_CONTENT", async (value) => {
    for (const [name, input] of [
      ["search.run", { [field]: value }],
      ["audit.list", { [field]: value }],
    ] as const) {
      const response = await trpcHttp(name, input, trpcHeaders);
      expect(response.status, name).toBe(422);
    }
  });
});

describe("the extreme dates that can be stored", () => {
  it("search, audit log and bulk apply accept 0001-01-01 to 9999-12-31 and find everything", async () => {
    const search = await api("GET", `/v1/search?${new URLSearchParams(EXTREMES)}`, { token });
    expect(search.status, search.text).toBe(200);
    expect(search.body.total).toBe(1);
    const audit = await api("GET", `/api/v1/enterprise/audit-logs?${new URLSearchParams(EXTREMES)}`, { token });
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.data.length).toBeGreaterThan(0);
    const body = { searchQuery: { query: "", filters: EXTREMES } };
    const bulk = await api("POST", `/api/v1/enterprise/legal-holds/holds/${holdId}/bulk-apply`, { token, body });
    expect(bulk.status, bulk.text).toBe(200);
  });
});
