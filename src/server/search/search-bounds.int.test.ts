import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { whileTableLocked } from "@tests/helpers/lock-waits";
import { api } from "@tests/helpers/rest-client";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";
import { db } from "../platform/db/client";
import { TRPC_MAX_BATCH_SIZE } from "../transport/trpc/batch-size";

/** The hostile request of the trial: a deep page, ten common words, the frequency strategy. */
const TEN_WORDS = "contract invoice report budget meeting agenda review project release customer";
const ELEVEN_WORDS = `${TEN_WORDS} policy`;

let admin: TestUser;
let ui: Record<string, string>;

beforeAll(async () => {
  admin = await setupAdmin();
  ui = uiHeaders(await sessionCookieFor(admin.user.id, admin.user.email));
  for (let index = 0; index < 3; index++) {
    await insertTestEmail({
      subject: `Contract ${index}`,
      bodyText: `${TEN_WORDS} ${index}`,
      sentAt: `2024-02-0${index + 1}T09:00:00.000Z`,
    });
  }
});
afterEach(() => vi.unstubAllEnvs());

const rest = (query: Record<string, string>) => api("GET", `/v1/search?${new URLSearchParams(query)}`, { token: admin.token });
const trpcSearch = (input: Record<string, string>) => trpcHttp("search.run", input, ui);
const trpcPreview = (searchQuery: Record<string, unknown>) => trpcHttp("legalHolds.previewBulkApply", { searchQuery }, ui);
const trpcError = async (response: Response) =>
  (await response.json()).error as {
    message: string;
    data: { code: string; httpStatus: number; fieldErrors: { field: string; message: string }[] | null };
  };
const searchAudits = () => db().auditLog.count({ where: { actionType: "SEARCH" } });

describe("the result window (page × limit ≤ 10,000)", () => {
  it("refuses the trial's deep page over REST with 422 naming page and saying how to narrow the query", async () => {
    const response = await rest({ limit: "100", page: "1000000", matchingStrategy: "frequency", query: TEN_WORDS });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: "error",
      statusCode: 422,
      message: "Invalid input",
      errors: [{ field: "page", message: expect.stringMatching(/at most 10000 .*narrow the query .*filters/) }],
    });
    expect((await rest({ limit: "100", page: "101", query: "contract" })).status).toBe(422);
    expect((await rest({ page: "501", query: "contract" })).status).toBe(422);
    // The window's last page is served.
    const last = await rest({ limit: "100", page: "100", matchingStrategy: "frequency", query: TEN_WORDS });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ items: [], page: 100, limit: 100 });
    expect((await rest({ page: "500", query: "contract" })).status).toBe(200);
  });

  it("refuses it over tRPC with UNPROCESSABLE_CONTENT and the same field error", async () => {
    const response = await trpcSearch({ limit: "100", page: "1000000", matchingStrategy: "frequency", query: TEN_WORDS });
    expect(response.status).toBe(422);
    const error = await trpcError(response);
    expect(error.data).toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      fieldErrors: [{ field: "page", message: expect.stringMatching(/narrow the query/) }],
    });
    expect((await trpcSearch({ limit: "100", page: "100", query: TEN_WORDS })).status).toBe(200);
  });
});

describe("the cap on query terms", () => {
  it("refuses more than ten searchable terms over REST (422 on query); a phrase is one term, punctuation none", async () => {
    const response = await rest({ query: ELEVEN_WORDS });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ field: "query", message: expect.stringMatching(/11 search terms; at most 10 .*quote words/) }]);
    expect((await rest({ query: `${TEN_WORDS} & | !` })).status).toBe(200);
    expect((await rest({ query: `"${ELEVEN_WORDS}"` })).status).toBe(200);
  });

  it("refuses it over tRPC, in the bulk-apply preview and in bulk apply itself", async () => {
    const search = await trpcSearch({ query: ELEVEN_WORDS });
    expect(search.status).toBe(422);
    expect((await trpcError(search)).data.fieldErrors).toEqual([{ field: "query", message: expect.stringMatching(/at most 10/) }]);
    const preview = await trpcPreview({ query: ELEVEN_WORDS });
    expect(preview.status).toBe(422);
    expect((await trpcError(preview)).data.fieldErrors).toEqual([
      { field: "searchQuery.query", message: expect.stringMatching(/at most 10/) },
    ]);
    const hold = await api("POST", "/api/v1/enterprise/legal-holds/holds", { token: admin.token, body: { name: "Term cap" } });
    const bulk = await api("POST", `/api/v1/enterprise/legal-holds/holds/${hold.body.id}/bulk-apply`, {
      token: admin.token,
      body: { searchQuery: { query: ELEVEN_WORDS, matchingStrategy: "all" } },
    });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors).toEqual([{ field: "searchQuery.query", message: expect.stringMatching(/at most 10/) }]);
  });
});

/** A deliberately slow search: archived_emails stays locked until its statement_timeout stops it (5 s at most). */
const whileArchiveLocked = <T>(work: () => Promise<T>) => whileTableLocked("archived_emails", 5_000, work);

describe("the statement_timeout of a search", () => {
  it("answers 503 in the error body with Retry-After over REST, and writes no SEARCH entry", async () => {
    vi.stubEnv("SEARCH_STATEMENT_TIMEOUT_MS", "200");
    const audits = await searchAudits();
    const response = await whileArchiveLocked(() => rest({ query: "contract" }));
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      status: "error",
      statusCode: 503,
      message: expect.stringMatching(/took longer than 200 ms .*narrow the query/),
      errors: null,
    });
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await searchAudits()).toBe(audits);
    // SET LOCAL: the pooled connections keep the server's statement_timeout.
    const settings = await db().$queryRaw<{ timeout: string }[]>`SELECT current_setting('statement_timeout') AS timeout`;
    expect(settings[0].timeout).toBe("0");
    expect((await rest({ query: "contract" })).status).toBe(200);
  });

  it("answers SERVICE_UNAVAILABLE (503) with Retry-After over tRPC, for the search and the bulk-apply preview", async () => {
    vi.stubEnv("SEARCH_STATEMENT_TIMEOUT_MS", "200");
    for (const call of [() => trpcSearch({ query: "contract", matchingStrategy: "frequency" }), () => trpcPreview({ query: "" })]) {
      const response = await whileArchiveLocked(call);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("30");
      const error = await trpcError(response);
      expect(error.message).toMatch(/took longer than/);
      expect(error.data).toMatchObject({ code: "SERVICE_UNAVAILABLE", httpStatus: 503 });
    }
  });
});

describe("the tRPC batch size", () => {
  const batch = (calls: number) => {
    const names = Array.from({ length: calls }, () => "search.run").join(",");
    const input = Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, { query: `contract ${index}` }]));
    return import("../../app/api/trpc/[trpc]/route").then(({ GET }) =>
      GET(
        new Request(`http://localhost/api/trpc/${names}?${new URLSearchParams({ batch: "1", input: JSON.stringify(input) })}`, {
          headers: ui,
        }),
      ),
    );
  };

  it(`refuses a batch of more than ${TRPC_MAX_BATCH_SIZE} calls with 400 before running any of them, and runs one of ${TRPC_MAX_BATCH_SIZE}`, async () => {
    const audits = await searchAudits();
    const response = await batch(50);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.message).toBe(`A batch request may carry at most ${TRPC_MAX_BATCH_SIZE} calls; send the others in another request`);
    expect(error.data.code).toBe("BAD_REQUEST");
    expect((await batch(TRPC_MAX_BATCH_SIZE + 1)).status).toBe(400);
    expect(await searchAudits()).toBe(audits);
    const full = await batch(TRPC_MAX_BATCH_SIZE);
    expect(full.status).toBe(200);
    expect(await full.json()).toHaveLength(TRPC_MAX_BATCH_SIZE);
  });
});
