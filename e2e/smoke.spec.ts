import { expect, test } from "@playwright/test";

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
