import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCodeTable } from "../../src/server/platform/errors/error-table";
import { setupAdmin } from "../helpers/auth";
import { databaseFingerprint } from "../helpers/database-fingerprint";
import { insertTestEmail } from "../helpers/emails";
import { expectNoPrototypePollution, hostileJson, malformedText } from "../helpers/hostile-arbitraries";
import { procedureNames, sessionCookieFor, trpcHttp, uiHeaders } from "../helpers/trpc-http";

/**
 * Random and adversarial input to every tRPC procedure through the /api/trpc route handler, with the
 * Super Admin's UI session: the answer is a success or one of our documented tRPC error codes (never
 * INTERNAL_SERVER_ERROR), and a rejected call leaves the database as it was.
 */
const DOCUMENTED_CODES = new Set([
  ...Object.values(errorCodeTable)
    .map((entry) => entry.trpc)
    .filter((code) => code !== "INTERNAL_SERVER_ERROR"),
  // tRPC's own answer to input that is not JSON at all.
  "PARSE_ERROR",
]);

const call = fc.record({
  input: fc.option(hostileJson, { nil: undefined }),
  rawBody: fc.option(malformedText, { nil: undefined }),
  contentType: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", ""),
});

let headers: Record<string, string>;

beforeAll(async () => {
  const admin = await setupAdmin();
  headers = uiHeaders(await sessionCookieFor(admin.user.id, admin.user.email));
  await insertTestEmail();
});

describe("hostile input to every tRPC procedure", () => {
  it("reaches a procedure with a valid session (the harness is not rejected wholesale)", async () => {
    const response = await trpcHttp("account.me", undefined, headers);
    expect(response.status).toBe(200);
  });

  it("answers 400, not 500, to input that is not JSON (regression)", async () => {
    for (const name of ["account.updateProfile", "users.get"]) {
      const response = await trpcHttp(name, undefined, headers, { rawBody: '{"unterminated' });
      expect(response.status, name).toBe(400);
      expect(["BAD_REQUEST", "PARSE_ERROR"], name).toContain((await response.json()).error.data.code);
    }
  });

  it.each(procedureNames().map((name) => [name]))(
    "%s",
    async (name) => {
      await fc.assert(
        fc.asyncProperty(call, async ({ input, rawBody, contentType }) => {
          const before = await databaseFingerprint();
          const response = await trpcHttp(name, input, headers, { rawBody, contentType });
          const text = await response.text();
          const label = `${name} ${JSON.stringify(input)?.slice(0, 200)} raw=${JSON.stringify(rawBody)?.slice(0, 80)} → ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) {
            const body = JSON.parse(text) as { error?: { message?: unknown; data?: { code?: string; httpStatus?: number } } };
            expect(DOCUMENTED_CODES.has(body.error?.data?.code ?? ""), label).toBe(true);
            expect(body.error?.data?.httpStatus, label).toBe(response.status);
            expect(typeof body.error?.message, label).toBe("string");
            expect(await databaseFingerprint(), label).toBe(before);
          }
          expectNoPrototypePollution(expect);
        }),
        { numRuns: 20, seed: 20261123 },
      );
    },
    120_000,
  );
});
