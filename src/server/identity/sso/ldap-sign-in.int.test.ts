import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { api } from "@tests/helpers/rest-client";
import { startSlapd, type SlapdServer } from "@tests/helpers/slapd";
import { db } from "../../platform/db/client";
import { withEnv } from "@tests/helpers/with-env";

/** Password sign-in against a real OpenLDAP: binding as the user, the group mapping, a directory that is down. */
let slapd: SlapdServer;
let admin: TestUser;
const roleId = async (slug: string) => (await db().role.findUniqueOrThrow({ where: { slug } })).id;
const login = (email: string, password: string) => api("POST", "/v1/auth/login", { body: { email, password } });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  slapd = await startSlapd([
    {
      uid: "alice",
      mail: "Alice@Example.org",
      password: "alice-directory-pw",
      givenName: "Alice",
      sn: "Auditor",
      groups: ["archive-auditors"],
    },
    { uid: "bob", mail: "bob@example.org", password: "bob-directory-pw", givenName: "Bob", sn: "Builder", groups: ["archive-admins"] },
    {
      uid: "carol",
      mail: "carol@example.org",
      password: "carol-directory-pw",
      givenName: "Carol",
      sn: "Locked",
      groups: ["archive-auditors"],
    },
    // groupOfNames needs a member: the admins group keeps one when Bob leaves it.
    { uid: "dave", mail: "dave@example.org", password: "dave-directory-pw", givenName: "Dave", sn: "Admin", groups: ["archive-admins"] },
    { uid: "erin", mail: "erin@example.org", password: "erin-directory-pw", givenName: "Erin", sn: "Entry", groups: ["archive-admins"] },
    { uid: "frank", mail: "frank@example.org", password: "frank-directory-pw", givenName: "Frank", sn: "Totp", groups: [] },
  ]);
  admin = await setupAdmin("breakglass@example.com");
}, 120_000);
withEnv(() => ({ ...slapd.env, SSO_BREAK_GLASS_EMAIL: "breakglass@example.com" }), { scope: "all" });
beforeAll(async () => {
  const mapping = await api("PUT", "/v1/settings/sso-role-mapping", {
    token: admin.token,
    body: {
      mappings: [
        { group: "archive-admins", roleId: await roleId("predefined_super_admin") },
        { group: "ARCHIVE-AUDITORS", roleId: await roleId("predefined_auditor") },
      ],
      defaultRoleId: null,
    },
  });
  expect(mapping.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await slapd?.stop();
});

describe("LDAP password sign-in", () => {
  it("provisions a directory user on a good password, with the role of their group, and audits why", async () => {
    const signedIn = await login("alice@EXAMPLE.org", "alice-directory-pw");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({
      email: "Alice@Example.org",
      first_name: "Alice",
      last_name: "Auditor",
      role: { slug: "predefined_auditor" },
    });
    const me = await api("GET", "/v1/auth/me", { token: signedIn.body.accessToken });
    expect(me.status).toBe(200);
    const created = await db().auditLog.findFirstOrThrow({
      where: { actionType: "CREATE", targetType: "User", targetId: signedIn.body.user.id },
    });
    expect(created.details).toMatchObject({
      provisioned: true,
      source: "ldap",
      claim: "memberOf",
      matchedGroup: "ARCHIVE-AUDITORS",
      issuer: "ldap:entryUUID",
      subject: expect.stringMatching(UUID),
    });
    // Bound to the entry's entryUUID (RFC 4530), which survives renames and moves, not to the DN or the email.
    const identities = await db().userIdentity.findMany({ where: { userId: signedIn.body.user.id } });
    expect(identities).toMatchObject([
      { source: "ldap", issuer: "ldap:entryUUID", subject: (created.details as { subject: string }).subject },
    ]);
    const loginEntry = await db().auditLog.findFirstOrThrow({
      where: { actionType: "LOGIN", targetId: signedIn.body.user.id },
      orderBy: { id: "desc" },
    });
    expect(loginEntry.details).toMatchObject({ success: true, reason: "directory_credentials" });
  });

  it("refuses a wrong password and a disabled account with 401, and the local password of a directory user never works", async () => {
    const wrong = await login("alice@example.org", "not-her-password");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ status: "error", statusCode: 401, message: "Invalid email or password", errors: null });
    expect((await login("carol@example.org", "carol-directory-pw")).status).toBe(200);
    await slapd.disable("carol");
    expect((await login("carol@example.org", "carol-directory-pw")).status).toBe(401);
    const refused = await db().auditLog.findFirstOrThrow({
      where: { actionType: "LOGIN", actorIdentifier: "carol@example.org" },
      orderBy: { id: "desc" },
    });
    expect(refused.details).toEqual({ success: false, reason: "directory_refused" });
  });

  it("applies a changed group at the next sign-in, and audits the role change with the group that caused it", async () => {
    const first = await login("bob@example.org", "bob-directory-pw");
    expect(first.body.user.role.slug).toBe("predefined_super_admin");
    await slapd.addToGroup("bob", "archive-auditors");
    await slapd.removeFromGroup("bob", "archive-admins");
    const second = await login("bob@example.org", "bob-directory-pw");
    expect(second.body.user.role.slug).toBe("predefined_auditor");
    const changed = await db().auditLog.findFirstOrThrow({
      where: { actionType: "UPDATE", targetId: first.body.user.id },
      orderBy: { id: "desc" },
    });
    expect(changed.details).toMatchObject({
      changes: { roleId: { from: await roleId("predefined_super_admin"), to: await roleId("predefined_auditor") } },
      source: "ldap",
      matchedGroup: "ARCHIVE-AUDITORS",
    });
    await slapd.removeFromGroup("bob", "archive-auditors");
    expect((await login("bob@example.org", "bob-directory-pw")).body.user.role).toBeNull();
  });

  it("answers 503 in the error body while the directory is down, and the local break-glass account still signs in", async () => {
    const throttle = () => db().loginThrottle.findUnique({ where: { key: "account:alice@example.org" }, select: { failures: true } });
    const before = await throttle();
    await withEnv({ LDAP_URL: "ldap://127.0.0.1:1" }, async () => {
      const down = await login("alice@example.org", "alice-directory-pw");
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        status: "error",
        statusCode: 503,
        message: "The user directory (LDAP) cannot be reached; try again later",
        errors: null,
      });
      expect((await login("breakglass@example.com", ADMIN_PASSWORD)).status).toBe(200);
      // An undecided attempt is not a failure: a directory outage cannot lock accounts out.
      expect(await throttle()).toEqual(before);
    });
  });

  it("escapes the address in the filter (RFC 4515): a wildcard matches no one", async () => {
    expect((await login("*", "alice-directory-pw")).status).toBe(401);
    expect((await login("alice@example.org)(uid=*", "alice-directory-pw")).status).toBe(401);
  });

  it("SSO_ONLY refuses password sign-in (403) for everyone but the break-glass account; API keys keep working", async () => {
    const key = await api("POST", "/v1/api-keys", { token: admin.token, body: { name: "script" } });
    await withEnv({ SSO_ONLY: "true" }, async () => {
      const refused = await login("alice@example.org", "alice-directory-pw");
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/SSO_ONLY/);
      expect((await login("breakglass@example.com", ADMIN_PASSWORD)).status).toBe(200);
      expect((await api("GET", "/v1/auth/me", { apiKey: key.body.key })).status).toBe(200);
    });
  });

  it("a directory entry cannot take over a local account with its email until an administrator links them", async () => {
    // A local account (its own password) whose address the directory also knows.
    const local = await api("POST", "/v1/users", {
      token: admin.token,
      body: { email: "erin@example.org", password: "erin-local-password", first_name: "Erin", last_name: "Local", roleId: null },
    });
    expect(local.status).toBe(201);
    const refused = await login("erin@example.org", "erin-directory-pw");
    expect(refused.status).toBe(401);
    const entry = await db().auditLog.findFirstOrThrow({
      where: { actionType: "LOGIN", targetId: local.body.id },
      orderBy: { id: "desc" },
    });
    expect(entry.details).toEqual({ success: false, reason: "account_not_linked" });
    const unchanged = await db().user.findUniqueOrThrow({ where: { id: local.body.id }, include: { identities: true } });
    expect(unchanged).toMatchObject({ roleId: null, identities: [] });

    const linked = await api("PUT", `/v1/users/${local.body.id}`, { token: admin.token, body: { ssoLinkAllowed: true } });
    expect(linked.status).toBe(200);
    const signedIn = await login("erin@example.org", "erin-directory-pw");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: local.body.id, role: { slug: "predefined_super_admin" } });
    const bound = await db().user.findUniqueOrThrow({ where: { id: local.body.id }, include: { identities: true } });
    expect(bound.ssoLinkAllowed).toBe(false);
    expect(bound.identities).toMatchObject([{ source: "ldap", issuer: "ldap:entryUUID", subject: expect.stringMatching(UUID) }]);
    const binding = await db().auditLog.findFirstOrThrow({
      where: { actionType: "UPDATE", targetId: local.body.id, details: { path: ["linkedBy"], equals: "administrator" } },
    });
    expect(binding.details).toMatchObject({ identityBound: { source: "ldap", issuer: "ldap:entryUUID" }, replacedBinding: false });
  });

  it("a directory user with TOTP enrolled here is asked for the code after the directory password", async () => {
    const first = await login("frank@example.org", "frank-directory-pw");
    expect(first.status).toBe(200);
    const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: first.body.accessToken });
    const enabled = await api("POST", "/v1/auth/mfa/totp/enable", {
      token: first.body.accessToken,
      body: { code: authenticator.generate(setup.body.secret) },
    });
    expect(enabled.status).toBe(200);
    const second = await login("frank@example.org", "frank-directory-pw");
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  });
});
