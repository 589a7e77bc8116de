import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { setupAdmin } from "../helpers/auth";
import { databaseFingerprint } from "../helpers/database-fingerprint";
import { insertTestEmail } from "../helpers/emails";
import { expectNoPrototypePollution, hostileJson, hostileText, malformedText } from "../helpers/hostile-arbitraries";
import { api, routePatterns } from "../helpers/rest-client";

/**
 * Random and adversarial requests to every REST route and method, as the most privileged caller:
 * the answer is always a documented status in the error body (never a 500, except the
 * interface's documented one), and a rejected request leaves the database as it was.
 */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const DOCUMENTED_500 = /^\/api\/v1\/enterprise\/legal-holds\/holds\/\[id\]\/release-all$/;
/** Requests whose rejection is itself recorded (failed logins are throttled and audited). */
const RECORDS_REJECTIONS = new Set(["/v1/auth/login"]);

const request = fc.record({
  method: fc.constantFrom(...METHODS),
  segments: fc.array(hostileText, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(
    fc.constantFrom("page", "limit", "query", "from", "to", "userEmail", "startDate", "days", "id", "matchingStrategy", "hasAttachments"),
    hostileText,
    { maxKeys: 4 },
  ),
  body: fc.option(hostileJson, { nil: undefined }),
  contentType: fc.constantFrom(
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "message/rfc822",
    "application/mbox",
    "application/zip",
    "multipart/form-data; boundary=x",
    "",
  ),
  rawText: fc.option(malformedText, { nil: undefined }),
});

let token: string;

beforeAll(async () => {
  token = (await setupAdmin()).token;
  await insertTestEmail();
});

describe("hostile input to every REST endpoint", () => {
  // tRPC answers in its own envelope; next-auth's catch-all is the library's.
  const patterns = routePatterns().filter((pattern) => !pattern.includes("[...") && !pattern.startsWith("/api/trpc"));

  it.each(patterns.map((pattern) => [pattern]))(
    "%s",
    async (pattern) => {
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          let index = 0;
          const path = pattern.replace(/\[[^\]]+\]/g, () => encodeURIComponent(input.segments[index++ % 3]));
          const query = new URLSearchParams(input.query).toString();
          const before = await databaseFingerprint();
          const bodyless = input.method === "GET";
          const response = await api(input.method, `${path}${query ? `?${query}` : ""}`, {
            token,
            headers: input.contentType ? { "content-type": input.contentType } : {},
            ...(bodyless ? {} : input.rawText !== undefined ? { rawBody: input.rawText } : { body: input.body }),
          });
          const label = `${input.method} ${path}?${query} → ${response.status} ${response.text.slice(0, 200)}`;
          if (!DOCUMENTED_500.test(pattern)) expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.body, label).toMatchObject({ status: "error", statusCode: response.status, message: expect.any(String) });
            if (!RECORDS_REJECTIONS.has(pattern)) expect(await databaseFingerprint(), label).toBe(before);
          }
          expectNoPrototypePollution(expect);
        }),
        { numRuns: 25, seed: 20261123 },
      );
    },
    120_000,
  );
});
