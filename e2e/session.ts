import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The first administrator every spec file uses; whichever file runs first creates it. */
export const ADMIN = { email: "officer@example.com", password: "correct horse battery staple", first_name: "Olivia", last_name: "Officer" };

export interface Credentials {
  email: string;
  password: string;
}

export async function login(request: APIRequestContext, credentials: Credentials): Promise<string> {
  const response = await request.post("/v1/auth/login", { data: { email: credentials.email, password: credentials.password } });
  expect(response.status()).toBe(200);
  return (await response.json()).accessToken;
}

/**
 * The first-run setup token the e2e server printed on its console (scripts/e2e-server.ts keeps the
 * line's token in the data directory); empty once none was printed (a user already existed).
 */
export function setupToken(): string {
  try {
    return readFileSync(path.resolve(".e2e-data", "e2e-setup-token"), "utf8").trim();
  } catch {
    return "";
  }
}

/** A token for the administrator, created by first-run setup when the database has no user yet. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const setup = await request.post("/v1/auth/setup", { data: { ...ADMIN, setupToken: setupToken() || "none" } });
  if (setup.status() === 201) return (await setup.json()).accessToken ?? (await login(request, ADMIN));
  return login(request, ADMIN);
}

/** Signs in through the form and waits for the signed-in navigation. */
export async function signIn(page: Page, credentials: Credentials = ADMIN) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

/**
 * "Run lifecycle cycle now" on the Retention page (the signed-in user needs manage:retention): the
 * e2e server's own worker, which `npm start` runs, picks the request up; waits until the cycle
 * finished and answers what it reported. The page stays on /retention.
 */
export async function runLifecycleCycleNow(page: Page): Promise<string> {
  await page.goto("/retention");
  await page.getByRole("button", { name: "Run lifecycle cycle now" }).click();
  const status = page.getByTestId("cycle-request-status");
  await expect(status).toContainText("Lifecycle cycle finished", { timeout: 120_000 });
  return (await status.textContent()) ?? "";
}

/** A plain-text message of 15 January 2024 to Bob, its Message-ID made of the subject and `idDomain`. */
export function plainMessage(subject: string, sender: string, idDomain: string): string {
  return [
    `From: ${sender}`,
    "To: Bob <bob@example.com>",
    `Subject: ${subject}`,
    "Date: Mon, 15 Jan 2024 12:00:00 +0000",
    `Message-ID: <${subject.replace(/\W+/g, "-")}@${idDomain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Body of ${subject}.`,
    "",
  ].join("\r\n");
}

/**
 * Imports `mails` ([subject, sender] pairs, sent 15 January 2024) into the upload source `sourceName`
 * (created when missing; imports are deduplicated, so importing again changes nothing) and answers
 * the admin's headers and the id of an imported email by subject.
 */
export async function importMail(
  request: APIRequestContext,
  sourceName: string,
  mails: readonly (readonly [string, string])[],
  idDomain: string,
) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const sources: { id: string; name: string }[] = await (await request.get("/v1/ingestion-sources", { headers })).json();
  let source = sources.find((candidate) => candidate.name === sourceName);
  if (!source) {
    const created = await request.post("/v1/ingestion-sources", { headers, data: { name: sourceName, provider: "upload", config: {} } });
    expect(created.status()).toBe(201);
    source = await created.json();
  }
  const mbox = mails
    .map(([subject, sender]) => `From ${sender} Mon Jan 15 12:00:00 2024\n${plainMessage(subject, sender, idDomain)}\n`)
    .join("");
  const imported = await request.post(`/v1/ingestion-sources/${source!.id}/import?userEmail=bob@example.com`, {
    headers: { ...headers, "content-type": "application/mbox" },
    data: Buffer.from(mbox),
  });
  expect(imported.status()).toBe(200);
  const listed = await (await request.get(`/v1/archived-emails/ingestion-source/${source!.id}?limit=100`, { headers })).json();
  const emailId = (subject: string) => listed.items.find((email: { subject: string }) => email.subject === subject).id as string;
  return { headers, emailId };
}
