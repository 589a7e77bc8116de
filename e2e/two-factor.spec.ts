import { expect, test, type Page } from "@playwright/test";
import { authenticator } from "otplib";
import { adminToken, signIn, type Credentials } from "./session";

/**
 * Two-factor authentication in Chromium: enrolment through the page (the test reads the secret the
 * page shows and computes codes with otplib, like an authenticator app), sign-in with password then
 * code, and the forced enrolment of the `mfaRequired` setting.
 */

/** A code of a later time step than the one just used (a code is accepted once; the window allows one step of drift). */
const nextCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

let apiKeyHeaders: Record<string, string>;

test.beforeAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  // API keys are exempt from the two-factor requirement: the administrator's calls keep working while it is on.
  const key = await request.post("/v1/api-keys", { headers, data: { name: "two-factor spec" } });
  expect(key.status()).toBe(201);
  apiKeyHeaders = { "x-api-key": (await key.json()).key };
});

test.afterAll(async ({ request }) => {
  await request.put("/v1/settings", { headers: apiKeyHeaders, data: { mfaRequired: "off" } });
});

async function createUser(request: import("@playwright/test").APIRequestContext, slug: string, email: string): Promise<Credentials> {
  const roles: { id: string; slug: string }[] = await (await request.get("/v1/roles", { headers: apiKeyHeaders })).json();
  const password = "two-factor-password-1";
  const created = await request.post("/v1/users", {
    headers: apiKeyHeaders,
    data: { email, password, first_name: "Tess", last_name: "Totp", roleId: roles.find((role) => role.slug === slug)!.id },
  });
  expect(created.status()).toBe(201);
  return { email, password };
}

/** Enrols on the open two-factor page and answers the secret. */
async function enrol(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code").fill(authenticator.generate(secret));
  await page.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByRole("region", { name: "Recovery codes" })).toBeVisible();
  return secret;
}

test("enrols through the page, then signs in with password and code; a wrong code is refused", async ({ page, request }) => {
  const user = await createUser(request, "predefined_read_only", "totp.reader@example.com");
  await signIn(page, user);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Two-factor" }).click();
  const secret = await enrol(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  const codeForm = page.getByRole("form", { name: "Two-factor code" });
  await expect(codeForm).toBeVisible();
  await codeForm.getByLabel(/Code from your authenticator app/).fill(authenticator.generate(secret) === "000000" ? "111111" : "000000");
  await codeForm.getByRole("button", { name: "Verify" }).click();
  await expect(codeForm.getByRole("alert")).toHaveText(/Wrong code/);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  await codeForm.getByLabel(/Code from your authenticator app/).fill(nextCode(secret));
  await codeForm.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("with two-factor required for administrators, an unenrolled one is sent to enrolment and held there until done", async ({
  page,
  request,
}) => {
  const admin = await createUser(request, "predefined_super_admin", "totp.admin@example.com");
  const required = await request.put("/v1/settings", { headers: apiKeyHeaders, data: { mfaRequired: "admins" } });
  expect(required.status()).toBe(200);

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByTestId("mfa-enrolment-required")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Two-factor"]);

  await page.goto("/emails");
  await expect(page).toHaveURL(/\/admin\/two-factor$/);

  await enrol(page);
  await expect(page.getByTestId("mfa-enrolment-required")).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Emails" })).toBeVisible();
  await page.goto("/emails");
  await expect(page).toHaveURL(/\/emails$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
