import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/server/platform/db/client";
import { ingestBatch } from "../../src/server/capture/ingestion/ingest-batch";
import { setupAdmin } from "../helpers/auth";
import { ensureTestSource } from "../helpers/emails";
import { buildMessage } from "../helpers/mail";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api, routeFiles } from "../helpers/rest-client";
import { sessionCookieFor, trpcHttp, uiHeaders } from "../helpers/trpc-http";

/**
 * Cross-site request forgery: a page on another site can make the browser send our session
 * cookie, but it cannot send the x-trpc-source header without a CORS preflight we never grant,
 * and the browser names its Origin. Every such request is refused before any procedure runs.
 */
useEmptyDatabasePerTest();

const EVIL = "https://evil.example";
let cookie: string;
let userId: string;

beforeEach(async () => {
  const admin = await setupAdmin();
  userId = admin.user.id;
  cookie = await sessionCookieFor(admin.user.id, admin.user.email);
});

const apiKeys = () => db().apiKey.count({ where: { userId } });

describe("CSRF protection of the UI session", () => {
  it("accepts the session cookie from our own pages (the control case)", async () => {
    const response = await trpcHttp("account.createApiKey", { name: "from our page" }, uiHeaders(cookie));
    expect(response.status).toBe(200);
    expect(await apiKeys()).toBe(1);
  });

  it("refuses a cross-site tRPC mutation carrying the cookie and the header but another Origin", async () => {
    for (const origin of [EVIL, "null", "http://localhost.evil.example", "http://localhost:3999"]) {
      const response = await trpcHttp("account.createApiKey", { name: "forged" }, { ...uiHeaders(cookie), origin });
      expect(response.status, origin).toBe(401);
      expect((await response.json()).error.data.code).toBe("UNAUTHORIZED");
    }
    expect(await apiKeys()).toBe(0);
  });

  it("refuses what a cross-site HTML form can send: form-encoded, multipart, or text/plain crafted into JSON, without the header", async () => {
    const { POST } = await import("../../src/app/api/trpc/[trpc]/route");
    const forms = [
      { "content-type": "application/x-www-form-urlencoded", body: "name=forged" },
      {
        "content-type": "multipart/form-data; boundary=x",
        body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nforged\r\n--x--\r\n',
      },
      // <input name='{"name":"forged","x":"' value='"}'> in an enctype="text/plain" form.
      { "content-type": "text/plain", body: '{"name":"forged","x":"="}' },
    ];
    for (const { body, ...contentType } of forms) {
      for (const origin of [EVIL, null]) {
        const request = new Request("http://localhost/api/trpc/account.createApiKey", {
          method: "POST",
          headers: { cookie, host: "localhost", ...contentType, ...(origin ? { origin } : {}) },
          body,
        });
        const response = await POST(request);
        // 401: the cookie does not count without the header; 415: tRPC does not even read forms.
        expect([401, 415], `${contentType["content-type"]} from ${origin}`).toContain(response.status);
      }
    }
    expect(await apiKeys()).toBe(0);
  });

  it("refuses cross-site reads too (a script tag or image pointing at a query)", async () => {
    const { GET } = await import("../../src/app/api/trpc/[trpc]/route");
    const response = await GET(
      new Request("http://localhost/api/trpc/users.list", { headers: { cookie, host: "localhost", origin: EVIL } }),
    );
    expect(response.status).toBe(401);
    expect((await trpcHttp("users.list", undefined, uiHeaders(cookie))).status).toBe(200);
  });

  it("refuses a cross-site upload to the UI import route, with or without the header", async () => {
    const sourceId = await ensureTestSource();
    const message = "From: a@example.com\r\nSubject: forged\r\n\r\nbody\r\n";
    const path = `/api/ui/sources/${sourceId}/import?userEmail=a@example.com`;
    // A foreign Origin is refused as cross-site (403) before the session is looked at; without the header, 401.
    const forged: [Record<string, string>, number][] = [
      [{ ...uiHeaders(cookie), origin: EVIL, "content-type": "message/rfc822" }, 403],
      [{ cookie, host: "localhost", origin: EVIL, "content-type": "multipart/form-data; boundary=x" }, 403],
      [{ ...uiHeaders(cookie), "sec-fetch-site": "cross-site", "content-type": "message/rfc822" }, 403],
      [{ cookie, host: "localhost", "content-type": "message/rfc822" }, 401],
    ];
    for (const [headers, status] of forged) {
      const response = await api("POST", path, { rawBody: message, headers });
      expect(response.status, JSON.stringify(headers)).toBe(status);
      expect(response.body).toMatchObject({ status: "error", statusCode: status });
    }
    expect(await db().archivedEmail.count()).toBe(0);
    const genuine = await api("POST", path, { rawBody: message, headers: { ...uiHeaders(cookie), "content-type": "message/rfc822" } });
    expect(genuine.status).toBe(200);
    expect(await db().archivedEmail.count()).toBe(1);
  });

  it("never accepts the session cookie on the REST API", async () => {
    const response = await api("POST", "/v1/api-keys", { body: { name: "forged" }, headers: uiHeaders(cookie) });
    expect(response.status).toBe(401);
    expect(await apiKeys()).toBe(0);
  });

  it("refuses every session download another site makes the browser send (403), and serves our pages' and direct navigations", async () => {
    const session = await Promise.all(routeFiles().map(async ({ pattern, load }) => ({ pattern, GET: (await load()).GET }))).then(
      (routes) => routes.filter((route) => route.GET?.binding?.credentials === "session"),
    );
    // The raw message, an attachment, a production: a new session download is walked here without being listed.
    expect(session.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/api/ui/emails/[id]/raw", "/api/ui/ediscovery/cases/[id]/exports/[exportId]/download"]),
    );
    const ghost = "00000000-0000-4000-8000-000000000000";
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "Cross-Site" },
      { origin: EVIL },
      { origin: "null" },
      { "sec-fetch-site": "same-origin", origin: EVIL },
    ];
    const ownSite: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      {},
      { origin: "http://localhost" },
    ];
    const auditEntries = () => db().auditLog.count();
    for (const { pattern } of session) {
      const path = pattern.replace(/\[[^\]]+\]/g, ghost);
      const before = await auditEntries();
      for (const headers of crossSite) {
        const response = await api("GET", path, { headers: { cookie, host: "localhost", ...headers } });
        expect(response.status, `${pattern} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.body).toMatchObject({
          status: "error",
          statusCode: 403,
          message: expect.stringContaining("Cross-site request refused"),
        });
      }
      expect(await auditEntries(), pattern).toBe(before);
      // Our own pages' links and direct navigations pass the rule (and meet the ghost ids' 404; a download without ids, the audit export, is served).
      for (const headers of ownSite) {
        const response = await api("GET", path, { headers: { cookie, host: "localhost", ...headers } });
        expect(response.status, `${pattern} ${JSON.stringify(headers)}`).toBe(pattern.includes("[") ? 404 : 200);
      }
    }

    // The control case on real mail: the message link of our page is served and audited; the same link from another site is not.
    const sourceId = await ensureTestSource();
    const [outcome] = await ingestBatch({
      sourceId,
      userEmail: "a@example.com",
      messages: [{ raw: buildMessage({ subject: "Evidence" }) }],
    });
    const raw = `/api/ui/emails/${outcome.status === "imported" ? outcome.emailId : ""}/raw`;
    const reads = () => db().auditLog.count({ where: { actionType: "READ" } });
    const forged = await api("GET", raw, { headers: { cookie, host: "localhost", "sec-fetch-site": "cross-site" } });
    expect(forged.status).toBe(403);
    expect(await reads()).toBe(0);
    const genuine = await api("GET", raw, {
      headers: { cookie, host: "localhost", "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
    });
    expect(genuine.status).toBe(200);
    expect(genuine.text).toContain("Subject: Evidence");
    expect(await reads()).toBe(1);
  });
});
