import { expect, test } from "@playwright/test";
import createClient from "openapi-fetch";
import type { paths } from "@/generated/rest-api/openapi-types";
import { ADMIN, adminToken, importMail } from "./session";

const MAILS = [
  ["Typed client: merger terms", "Carol <carol@example.com>"],
  ["Typed client: lunch", "Dave <dave@example.com>"],
] as const;

test("a client generated from /v1/openapi.json signs in, creates a hold, bulk-applies it and verifies the audit chain", async ({
  request,
  baseURL,
}) => {
  await adminToken(request);
  await importMail(request, "Typed client source", MAILS, "typed-client.example");
  const client = createClient<paths>({ baseUrl: baseURL });

  const login = await client.POST("/v1/auth/login", { body: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.response.status).toBe(200);
  if (!login.data || !("accessToken" in login.data)) throw new Error("the administrator has no two-factor step: expected an access token");
  const headers = { authorization: `Bearer ${login.data.accessToken}` };

  const hold = await client.POST("/api/v1/enterprise/legal-holds/holds", {
    headers,
    body: { name: `Typed client hold ${Date.now()}`, reason: "OpenAPI smoke test" },
  });
  expect(hold.response.status).toBe(201);
  expect(hold.data).toMatchObject({ isActive: true, emailCount: 0 });

  const applied = await client.POST("/api/v1/enterprise/legal-holds/holds/{id}/bulk-apply", {
    headers,
    params: { path: { id: hold.data!.id } },
    body: { searchQuery: { query: "merger terms", matchingStrategy: "all" } },
  });
  expect(applied.response.status).toBe(200);
  expect(applied.data!.emailsLinked).toBe(1);

  const reread = await client.GET("/api/v1/enterprise/legal-holds/holds/{id}", { headers, params: { path: { id: hold.data!.id } } });
  expect(reread.data!.emailCount).toBe(1);

  const audit = await client.GET("/api/v1/enterprise/audit-logs", {
    headers,
    params: { query: { actionType: "BULK_APPLY_HOLD", limit: "5" } },
  });
  expect(audit.response.status).toBe(200);
  const entry = audit.data!.data.find((candidate) => candidate.targetId === hold.data!.id);
  expect(entry?.details).toMatchObject({ emailsLinked: 1, queryUsed: { query: "merger terms" } });

  const verified = await client.POST("/api/v1/enterprise/audit-logs/verify", { headers });
  expect(verified.response.status).toBe(200);
  expect(verified.data).toMatchObject({ ok: true });

  const refused = await client.GET("/api/v1/enterprise/legal-holds/holds/{id}", { params: { path: { id: hold.data!.id } } });
  expect(refused.response.status).toBe(401);
  expect(refused.error).toMatchObject({ status: "error", statusCode: 401, errors: null });
});

test("the API reference at /api-docs renders the document from this origin only, at once", async ({ page, baseURL }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(new URL(baseURL!).origin) && !request.url().startsWith("data:")) foreign.push(request.url());
  });
  await page.goto("/api-docs");
  // Without scrolling: the document's title is on the first screen (a second, unconfigured reference
  // mounted by the bundle used to hold a loading skeleton there).
  await expect(page.getByRole("heading", { name: "Email archive service" })).toBeInViewport({ timeout: 30_000 });
  // No way out to Scalar's services from the page.
  for (const outside of [/Ask AI/, /Generate MCP/, /Powered by Scalar/, /^Deploy/]) {
    await expect(page.getByText(outside).filter({ visible: true })).toHaveCount(0);
  }
  await page.getByRole("link", { name: "legal-holds" }).first().click();
  await expect(page.getByText("Create a legal hold").first()).toBeVisible();
  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});
