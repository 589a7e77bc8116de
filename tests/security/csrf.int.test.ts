import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/server/db/client";
import { setupAdmin } from "../helpers/auth";
import { ensureTestSource } from "../helpers/emails";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";
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
    const forged: Record<string, string>[] = [
      { ...uiHeaders(cookie), origin: EVIL, "content-type": "message/rfc822" },
      { cookie, host: "localhost", origin: EVIL, "content-type": "multipart/form-data; boundary=x" },
      { cookie, host: "localhost", "content-type": "message/rfc822" },
    ];
    for (const headers of forged) {
      const response = await api("POST", path, { rawBody: message, headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.body).toMatchObject({ status: "error", statusCode: 401 });
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
});
