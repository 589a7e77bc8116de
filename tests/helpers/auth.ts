import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { policySchema } from "../../src/server/identity/authz/permissions";
import { issueSetupToken } from "../../src/server/identity/auth/setup-token";
import { db } from "../../src/server/platform/db/client";
import { api } from "./rest-client";

export const ADMIN_PASSWORD = "admin-password-123";

/** A policy as sent to POST /v1/roles (`conditions` may be left out). */
export type PolicyInput = z.input<typeof policySchema>;

export interface TestUser {
  token: string;
  user: { id: string; email: string; role: { id: string; slug: string } | null };
  password: string;
  /** Present when asked for with `{ apiKey: true }`: an X-API-KEY value of this user. */
  apiKey?: string;
}

export interface CreateUserOptions {
  email?: string;
  /** Also create an API key for the user (returned as `apiKey`). */
  apiKey?: boolean;
}

/**
 * A first-run setup token, issued the way the server issues the one it prints on start (only its
 * hash is stored, so a test cannot read the server's own one back).
 */
export function setupToken(): Promise<string> {
  return issueSetupToken();
}

/** Runs first-run setup (with a setup token) and returns the Super Admin's token. */
export async function setupAdmin(email = "admin@example.com"): Promise<TestUser> {
  const response = await api("POST", "/v1/auth/setup", {
    body: { email, password: ADMIN_PASSWORD, first_name: "Ada", last_name: "Admin", setupToken: await setupToken() },
  });
  if (response.status !== 201) throw new Error(`setup failed: ${response.status} ${response.text}`);
  return { token: response.body.accessToken, user: response.body.user, password: ADMIN_PASSWORD };
}

/**
 * Creates a user through the API with a predefined role (by slug, e.g. "predefined_read_only"),
 * a custom role made of `policies`, or no role (null), and signs them in. The third argument is
 * the email, or options `{ email?, apiKey? }`.
 */
export async function createUserWithRole(
  adminToken: string,
  role: string | PolicyInput[] | null,
  emailOrOptions: string | CreateUserOptions = {},
): Promise<TestUser> {
  const options = typeof emailOrOptions === "string" ? { email: emailOrOptions } : emailOrOptions;
  const email = options.email;
  let roleId: string | null = null;
  if (typeof role === "string") {
    roleId = (await db().role.findUniqueOrThrow({ where: { slug: role } })).id;
  } else if (Array.isArray(role)) {
    const created = await api("POST", "/v1/roles", {
      token: adminToken,
      body: { name: `role ${randomBytes(4).toString("hex")}`, policies: role },
    });
    if (created.status !== 201) throw new Error(`role creation failed: ${created.status} ${created.text}`);
    roleId = created.body.id;
  }
  const password = "user-password-123";
  const userEmail = email ?? `user-${randomBytes(4).toString("hex")}@example.com`;
  const created = await api("POST", "/v1/users", {
    token: adminToken,
    body: { email: userEmail, password, first_name: "Test", last_name: "User", roleId },
  });
  if (created.status !== 201) throw new Error(`user creation failed: ${created.status} ${created.text}`);
  const login = await api("POST", "/v1/auth/login", { body: { email: userEmail, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const result: TestUser = { token: login.body.accessToken, user: login.body.user, password };
  if (options.apiKey) result.apiKey = (await createApiKeyFor(result.token)).key;
  return result;
}

/** Creates an API key for the holder of `token`. */
export async function createApiKeyFor(token: string, expiresInDays?: number): Promise<{ id: string; key: string }> {
  const response = await api("POST", "/v1/api-keys", { token, body: { name: "test key", expiresInDays } });
  if (response.status !== 201) throw new Error(`api key creation failed: ${response.status} ${response.text}`);
  return response.body;
}
