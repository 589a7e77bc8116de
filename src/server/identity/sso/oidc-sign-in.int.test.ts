import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authenticator } from "otplib";
import { ADMIN_PASSWORD, setupAdmin } from "@tests/helpers/auth";
import { OIDC_CALLBACK_URL, signInThroughOidc } from "@tests/helpers/next-auth-flow";
import { startOidcProvider, type OidcTestProvider } from "@tests/helpers/oidc-provider";
import { api } from "@tests/helpers/rest-client";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";
import { db } from "../../platform/db/client";
import { signInWithOidc } from "./sign-in-with-oidc";
import { oidcConfig } from "./sso-config";
import { withEnv } from "@tests/helpers/with-env";

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
}, 60_000);
withEnv(() => provider.env, { scope: "all" });
beforeAll(async () => {
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
    await withEnv({ OIDC_ISSUER: provider.issuer.replace("127.0.0.1", "localhost") }, async () => {
      const outcome = await signInThroughOidc("mallory");
      expect(outcome.sessionUserId).toBeNull();
      expect(outcome.redirect).toBe("http://localhost:3000/api/auth/error?error=AccessDenied");
      expect(await userByEmail("mallory@example.com")).toBeNull();
      const refused = await db().auditLog.findFirstOrThrow({
        where: { actionType: "LOGIN", actorIdentifier: "oidc:mallory@example.com" },
        orderBy: { id: "desc" },
      });
      expect(refused.details).toMatchObject({ success: false, reason: "unknown_issuer", issuer: provider.issuer });
    });
  });

  it("refuses an email the provider has not verified", async () => {
    const outcome = await signInThroughOidc("unverified");
    expect(outcome.sessionUserId).toBeNull();
    expect(await userByEmail("unverified@example.com")).toBeNull();
  });

  it("binds the user to (iss, sub): a later email change at the provider still signs in the same user", async () => {
    provider.users.set("grace", { sub: "grace", email: "grace@example.com", givenName: "Grace", familyName: "H", groups: [] });
    const first = await signInThroughOidc("grace");
    const user = await userByEmail("grace@example.com");
    expect(first.sessionUserId).toBe(user!.id);
    expect(await db().userIdentity.findMany({ where: { userId: user!.id } })).toMatchObject([
      { source: "oidc", issuer: provider.issuer, subject: "grace" },
    ]);
    provider.users.get("grace")!.email = "grace.hopper@example.com";
    const second = await signInThroughOidc("grace");
    expect(second.sessionUserId).toBe(user!.id);
    expect(await userByEmail("grace.hopper@example.com")).toBeNull();
  });

  it("an IdP account cannot take over a local account by its email until an administrator links them; then no other IdP account can", async () => {
    const admin = (await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: ADMIN_PASSWORD } })).body;
    const local = await api("POST", "/v1/users", {
      token: admin.accessToken,
      body: { email: "victim@example.com", password: "victim-password-1", first_name: "Vic", last_name: "Tim", roleId: null },
    });
    expect(local.status).toBe(201);
    provider.users.set("intruder", {
      sub: "intruder",
      email: "Victim@example.com",
      givenName: "I",
      familyName: "N",
      groups: ["archive-admins"],
    });
    const refused = await signInThroughOidc("intruder");
    expect(refused.sessionUserId).toBeNull();
    expect(refused.redirect).toBe("http://localhost:3000/api/auth/error?error=AccessDenied");
    const entry = await db().auditLog.findFirstOrThrow({ where: { actionType: "LOGIN", actorIdentifier: "oidc:Victim@example.com" } });
    expect(entry.details).toMatchObject({ success: false, reason: "account_not_linked" });
    expect(await db().user.findUniqueOrThrow({ where: { id: local.body.id }, include: { identities: true } })).toMatchObject({
      roleId: null,
      identities: [],
    });

    // The administrator links the account: the next sign-in with its email binds it (once).
    expect((await api("PUT", `/v1/users/${local.body.id}`, { token: admin.accessToken, body: { ssoLinkAllowed: true } })).status).toBe(200);
    provider.users.set("victim", { sub: "victim", email: "victim@example.com", givenName: "Vic", familyName: "Tim", groups: [] });
    expect((await signInThroughOidc("victim")).sessionUserId).toBe(local.body.id);
    const bound = await db().user.findUniqueOrThrow({ where: { id: local.body.id }, include: { identities: true } });
    expect(bound).toMatchObject({ ssoLinkAllowed: false, identities: [{ source: "oidc", issuer: provider.issuer, subject: "victim" }] });
    const second = await signInThroughOidc("intruder");
    expect(second.sessionUserId).toBeNull();
    const mismatch = await db().auditLog.findFirstOrThrow({
      where: { actionType: "LOGIN", actorIdentifier: "oidc:Victim@example.com" },
      orderBy: { id: "desc" },
    });
    expect(mismatch.details).toMatchObject({ success: false, reason: "identity_mismatch" });
  });

  it("does not skip a TOTP enrolled here: the callback asks for the code instead of opening a session", async () => {
    provider.users.set("heidi", { sub: "heidi", email: "heidi@example.com", givenName: "Heidi", familyName: "T", groups: [] });
    await signInThroughOidc("heidi");
    const user = await userByEmail("heidi@example.com");
    // Enrolled from the account page, in the session that sign-in opened.
    const session = uiHeaders(await sessionCookieFor(user!.id, user!.email));
    const setup = await trpcHttp("account.setupTotp", undefined, session);
    const { secret } = ((await setup.json()) as { result: { data: { secret: string } } }).result.data;
    const enabled = await trpcHttp(
      "account.enableTotp",
      { code: authenticator.clone({ epoch: Date.now() - 30_000 }).generate(secret) },
      session,
    );
    expect(enabled.status).toBe(200);

    const outcome = await signInThroughOidc("heidi");
    expect(outcome.sessionUserId).toBeNull();
    const mfaToken = /^\/login#mfa=(.+)$/.exec(outcome.redirect)?.[1];
    expect(mfaToken).toBeTruthy();
    const entry = await db().auditLog.findFirstOrThrow({ where: { actionType: "LOGIN", targetId: user!.id }, orderBy: { id: "desc" } });
    expect(entry.details).toMatchObject({ success: false, reason: "mfa_required", subject: "heidi" });
    // The code step is the password sign-in's: the mfaToken and a code give the session.
    const signedIn = await api("POST", "/v1/auth/login/mfa", { body: { mfaToken, code: authenticator.generate(secret) } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(user!.id);
  });

  it("skips the local TOTP only when the provider asserts a second factor (amr contains mfa)", async () => {
    const claims = (amr: unknown) => ({ iss: provider.issuer, sub: "heidi", email: "heidi@example.com", email_verified: true, amr });
    const config = oidcConfig()!;
    expect((await signInWithOidc({ claims: claims(["pwd"]), config, ip: "127.0.0.1" })).mfaRequired).toBe(true);
    expect((await signInWithOidc({ claims: claims(undefined), config, ip: "127.0.0.1" })).mfaRequired).toBe(true);
    expect((await signInWithOidc({ claims: claims(["pwd", "mfa"]), config, ip: "127.0.0.1" })).mfaRequired).toBe(false);
  });
});
