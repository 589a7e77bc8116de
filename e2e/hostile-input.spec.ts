import { expect, test, type APIResponse } from "@playwright/test";
import { adminToken, signIn } from "./session";

/**
 * What the production server really sends (Next.js adds its configured headers over a route
 * handler's own): downloads carry the sandbox CSP, pages the page CSP; and the sign-in form never
 * receives database text.
 */
const SANDBOX = "default-src 'none'; sandbox";
const SOURCE = "E2E hostile input";
const HTML_ATTACHMENT = [
  "From: mallory@evil.example",
  "To: bob@example.com",
  "Subject: Hostile attachment",
  "Date: Mon, 15 Jan 2024 12:00:00 +0000",
  "Message-ID: <hostile-attachment@e2e.example>",
  "MIME-Version: 1.0",
  'Content-Type: multipart/mixed; boundary="b"',
  "",
  "--b",
  "Content-Type: text/plain",
  "",
  "See the attachment.",
  "--b",
  'Content-Type: text/html; name="page.html"',
  'Content-Disposition: attachment; filename="page.html"',
  "",
  "<script>document.title = 'ran'</script>",
  "--b--",
  "",
].join("\r\n");

function contentSecurityPolicies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "content-security-policy")
    .map((header) => header.value);
}

test("raw messages and attachments are served with the sandbox CSP, pages with the page CSP", async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const sources: { id: string; name: string }[] = await (await request.get("/v1/ingestion-sources", { headers })).json();
  const source =
    sources.find((candidate) => candidate.name === SOURCE) ??
    (await (await request.post("/v1/ingestion-sources", { headers, data: { name: SOURCE, provider: "upload", config: {} } })).json());
  const imported = await request.post(`/v1/ingestion-sources/${source.id}/import?userEmail=bob@example.com`, {
    headers: { ...headers, "content-type": "message/rfc822" },
    data: Buffer.from(HTML_ATTACHMENT),
  });
  expect(imported.status()).toBe(200);
  const listed = await (await request.get(`/v1/archived-emails/ingestion-source/${source.id}`, { headers })).json();
  const emailId = listed.items.find((email: { subject: string }) => email.subject === "Hostile attachment").id as string;
  const email = await (await request.get(`/v1/archived-emails/${emailId}`, { headers })).json();
  const attachment = email.attachments.find((item: { filename: string }) => item.filename === "page.html");
  expect(attachment.mimeType).toBe("text/html");

  for (const path of [`/v1/archived-emails/${emailId}/raw`, `/v1/archived-emails/${emailId}/attachments/${attachment.id}`]) {
    const response = await request.get(path, { headers });
    expect(response.status(), path).toBe(200);
    expect(contentSecurityPolicies(response), path).toEqual([SANDBOX]);
  }
  await signIn(page);
  for (const path of [`/api/ui/emails/${emailId}/raw`, `/api/ui/emails/${emailId}/attachments/${attachment.id}`]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/^(message\/rfc822|text\/html)/);
    expect(contentSecurityPolicies(response), path).toEqual([SANDBOX]);
  }
  const pageResponse = await request.get("/login");
  expect(contentSecurityPolicies(pageResponse)).toHaveLength(1);
  expect(contentSecurityPolicies(pageResponse)[0]).toContain("script-src 'self' 'unsafe-inline'");
});

test("a NUL in the sign-in email is a failed sign-in, never a database error on the page", async ({ page, request }) => {
  await adminToken(request);
  await page.goto("/login");
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  // What the form's signIn() posts, with the characters a browser's email field would refuse.
  const response = await page.request.post("/api/auth/callback/credentials", {
    form: { email: "officer\u0000@example.com", password: "x", csrfToken, json: "true" },
  });
  const { url } = await response.json();
  expect(new URL(url).searchParams.get("error")).toBe("CredentialsSignin");
  expect(url).not.toMatch(/prisma|invalid byte|UTF8|invocation/i);
});
