import { expect, test } from "@playwright/test";
import { ADMIN, adminToken } from "./session";

test("the service answers and the home page leads to sign-in or setup", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  await page.goto("/");
  await expect(page).toHaveURL(/\/(setup|login)$/);
  await expect(page.getByRole("heading", { name: "Mail Archive" })).toBeVisible();
});

test("unknown API routes answer 404 in the error body", async ({ request }) => {
  const response = await request.get("/v1/does-not-exist");
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ status: "error", statusCode: 404, errors: null });
});

test("before the page is interactive, the sign-in form cannot submit natively and put the password in the URL", async ({
  browser,
  request,
}) => {
  await adminToken(request);
  // Without JavaScript the page stays as the server rendered it: what a fast click meets before hydration.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByLabel("Password").press("Enter");
  expect(new URL(page.url()).search).toBe("");
  await context.close();
});
