import { expect, test } from "@playwright/test";
import { E2E_OIDC, E2E_OIDC_PORT } from "../playwright.config";
import { startOidcProvider, type OidcTestProvider } from "@tests/helpers/oidc-provider";
import { adminToken } from "./session";

/**
 * Single sign-on in Chromium through a real OpenID provider's own login form (npm oidc-provider on
 * the port playwright.config.ts configured the e2e server for): the first sign-in provisions the
 * user with the role of their group, and a changed group changes it at the next sign-in.
 */
let provider: OidcTestProvider;
const EMAIL = "sso.auditor@example.com";

test.beforeAll(async ({ baseURL }) => {
  provider = await startOidcProvider({
    port: E2E_OIDC_PORT,
    redirectUris: [`${baseURL}/api/auth/callback/oidc`],
    users: [{ sub: "sso-auditor", email: EMAIL, givenName: "Sam", familyName: "Sso", groups: ["archive-auditors"] }],
  });
  expect(provider.issuer).toBe(E2E_OIDC.OIDC_ISSUER);
});

test.afterAll(async () => {
  await provider?.stop();
});

test("signs in through the identity provider's login form with the mapped role, re-applied at the next sign-in", async ({
  page,
  request,
  context,
}) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const roles: { id: string; slug: string }[] = await (await request.get("/v1/roles", { headers })).json();
  const roleId = (slug: string) => roles.find((role) => role.slug === slug)!.id;
  const mapping = await request.put("/v1/settings/sso-role-mapping", {
    headers,
    data: {
      mappings: [
        { group: "archive-auditors", roleId: roleId("predefined_auditor") },
        { group: "archive-readers", roleId: roleId("predefined_read_only") },
      ],
      defaultRoleId: null,
    },
  });
  expect(mapping.status()).toBe(200);
  const roleOfUser = async () => {
    const users: { email: string; role: { slug: string } | null }[] = await (await request.get("/v1/users", { headers })).json();
    return users.find((user) => user.email === EMAIL)?.role?.slug ?? null;
  };

  const signInWithSso = async () => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Test IdP" }).click();
    // The provider's own page: its login form, then back to the archive.
    await page.locator('input[name="login"]').fill("sso-auditor");
    await page.locator('input[name="password"]').fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  };

  await signInWithSso();
  expect(await roleOfUser()).toBe("predefined_auditor");

  provider.users.get("sso-auditor")!.groups = ["archive-readers"];
  await context.clearCookies();
  await signInWithSso();
  expect(await roleOfUser()).toBe("predefined_read_only");
});
