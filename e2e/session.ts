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

/** A token for the administrator, created by first-run setup when the database has no user yet. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const setup = await request.post("/v1/auth/setup", { data: ADMIN });
  if (setup.status() === 201) return (await setup.json()).accessToken ?? (await login(request, ADMIN));
  return login(request, ADMIN);
}

/** Signs in through the form and waits for the signed-in navigation. */
export async function signIn(page: Page, credentials: Credentials = ADMIN) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}
