import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupAdmin } from "../../../tests/helpers/auth";
import { OIDC_CALLBACK_URL, signInThroughOidc } from "../../../tests/helpers/next-auth-flow";
import { startOidcProvider, type OidcTestProvider } from "../../../tests/helpers/oidc-provider";
import { api } from "../../../tests/helpers/rest-client";
import { db } from "../db/client";

/** Single sign-on through next-auth's OIDC client against a real OpenID provider. */
let provider: OidcTestProvider;
const roleId = async (slug: string) => (await db().role.findUniqueOrThrow({ where: { slug } })).id;
const userByEmail = (email: string) => db().user.findUnique({ where: { emailKey: email.toLowerCase() }, include: { role: true } });

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [OIDC_CALLBACK_URL],
    users: [
      { sub: "alice", email: "Alice@Example.com", givenName: "Alice", familyName: "Auditor", groups: ["archive-auditors"] },
      { sub: "mallory", email: "mallory@example.com", givenName: "Mallory", familyName: "M", groups: ["archive-auditors"] },
      {
        sub: "unverified",
        email: "unverified@example.com",
        emailVerified: false,
        givenName: "Una",
        familyName: "V",
        groups: ["archive-admins"],
      },
    ],
  });
  Object.assign(process.env, provider.env);
  const admin = await setupAdmin();
  await api("PUT", "/v1/settings/sso-role-mapping", {
    token: admin.token,
    body: {
      mappings: [
        { group: "archive-admins", roleId: await roleId("predefined_super_admin") },
        { group: "archive-auditors", roleId: await roleId("predefined_auditor") },
      ],
      defaultRoleId: null,
    },
  });
}, 60_000);

afterAll(async () => {
  for (const name of Object.keys(provider?.env ?? {})) delete process.env[name];
  await provider?.stop();
});

beforeEach(() => {
  provider.misbehave.tamperIdToken = false;
  provider.misbehave.replaceNonce = false;
});

describe("OpenID Connect sign-in", () => {
  it("provisions the user on first sign-in with the mapped role, audited with the claim that caused it", async () => {
    const outcome = await signInThroughOidc("alice");
    expect(outcome.redirect).toBe("http://localhost:3000/dashboard");
    const user = await userByEmail("alice@example.com");
    expect(user).toMatchObject({
      email: "Alice@Example.com",
      firstName: "Alice",
      lastName: "Auditor",
      role: { slug: "predefined_auditor" },
    });
    expect(outcome.sessionUserId).toBe(user!.id);
    const created = await db().auditLog.findFirstOrThrow({ where: { actionType: "CREATE", targetId: user!.id } });
    expect(created.details).toMatchObject({
      provisioned: true,
      source: "oidc",
      subject: "alice",
      claim: "groups",
      groups: ["archive-auditors"],
      matchedGroup: "archive-auditors",
    });
  });

  it("applies a changed group at the next sign-in, and removes the role when no group maps", async () => {
    await signInThroughOidc("alice");
    provider.users.get("alice")!.groups = ["archive-admins"];
    await signInThroughOidc("alice");
    expect((await userByEmail("alice@example.com"))!.role?.slug).toBe("predefined_super_admin");
    provider.users.get("alice")!.groups = ["sales"];
    const outcome = await signInThroughOidc("alice");
    const user = await userByEmail("alice@example.com");
    expect(user!.role).toBeNull();
    expect(outcome.sessionUserId).toBe(user!.id);
    const change = await db().auditLog.findFirstOrThrow({ where: { actionType: "UPDATE", targetId: user!.id }, orderBy: { id: "desc" } });
    expect(change.details).toMatchObject({
      changes: { roleId: { from: await roleId("predefined_super_admin"), to: null } },
      claim: "groups",
      groups: ["sales"],
      matchedGroup: null,
    });
  });

  it("refuses a tampered ID token (its signature no longer verifies)", async () => {
    provider.misbehave.tamperIdToken = true;
    const outcome = await signInThroughOidc("mallory");
    expect(outcome.sessionUserId).toBeNull();
    expect(outcome.redirect).toBe("http://localhost:3000/api/auth/error?error=OAuthCallback");
    expect(await userByEmail("mallory@example.com")).toBeNull();
  });

  it("refuses an ID token carrying a nonce other than the one this sign-in sent", async () => {
    provider.misbehave.replaceNonce = true;
    const outcome = await signInThroughOidc("mallory");
    expect(outcome.sessionUserId).toBeNull();
    expect(outcome.redirect).toBe("http://localhost:3000/api/auth/error?error=OAuthCallback");
    expect(await userByEmail("mallory@example.com")).toBeNull();
  });

  it("refuses an ID token from an issuer other than OIDC_ISSUER", async () => {
    // The same server under another name: its discovery and tokens name 127.0.0.1, not localhost.
    process.env.OIDC_ISSUER = provider.issuer.replace("127.0.0.1", "localhost");
    try {
      const outcome = await signInThroughOidc("mallory");
      expect(outcome.sessionUserId).toBeNull();
      expect(outcome.redirect).toBe("http://localhost:3000/api/auth/error?error=AccessDenied");
      expect(await userByEmail("mallory@example.com")).toBeNull();
      const refused = await db().auditLog.findFirstOrThrow({
        where: { actionType: "LOGIN", actorIdentifier: "oidc:mallory@example.com" },
        orderBy: { id: "desc" },
      });
      expect(refused.details).toMatchObject({ success: false, reason: "unknown_issuer", issuer: provider.issuer });
    } finally {
      process.env.OIDC_ISSUER = provider.issuer;
    }
  });

  it("refuses an email the provider has not verified", async () => {
    const outcome = await signInThroughOidc("unverified");
    expect(outcome.sessionUserId).toBeNull();
    expect(await userByEmail("unverified@example.com")).toBeNull();
  });
});
