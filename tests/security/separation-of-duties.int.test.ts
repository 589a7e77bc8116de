import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../src/server/platform/db/client";
import { createUserWithRole, setupAdmin, type TestUser } from "../helpers/auth";
import { api } from "../helpers/rest-client";

/**
 * The duty roles of issue 36: a Compliance Officer works holds, retention and the audit trail
 * without users or settings; an IT Administrator runs accounts, settings and sources without mail or
 * holds, and whoever manages users hands out only what they hold (docs/auth.md, "No escalation").
 */
const H = "/api/v1/enterprise/legal-holds";
const L = "/api/v1/enterprise/retention-policy";

let admin: TestUser;
let officer: TestUser;
let itAdmin: TestUser;
const roleId = async (slug: string) => (await db().role.findUniqueOrThrow({ where: { slug } })).id;
const newUser = (roleSlugId: string | null, email: string) => ({
  email,
  password: "a long enough password",
  first_name: "New",
  last_name: "User",
  roleId: roleSlugId,
});

beforeAll(async () => {
  admin = await setupAdmin();
  officer = await createUserWithRole(admin.token, "predefined_compliance_officer", "officer@example.com");
  itAdmin = await createUserWithRole(admin.token, "predefined_it_administrator", "it@example.com");
});

describe("a Compliance Officer", () => {
  it("manages holds, retention, dispositions and reads the audit trail", async () => {
    const hold = await api("POST", `${H}/holds`, { token: officer.token, body: { name: "Officer's hold" } });
    expect(hold.status).toBe(201);
    expect((await api("GET", `${H}/holds`, { token: officer.token })).status).toBe(200);
    expect(
      (await api("POST", `${L}/labels`, { token: officer.token, body: { name: "Seven years", retentionPeriodDays: 2555 } })).status,
    ).toBe(201);
    expect((await api("GET", `${L}/forecast?days=30`, { token: officer.token })).status).toBe(200);
    expect((await api("GET", "/api/v1/enterprise/audit-logs", { token: officer.token })).status).toBe(200);
    expect((await api("GET", "/v1/search?query=anything", { token: officer.token })).status).toBe(200);
  });

  it("is refused users, roles and settings (403)", async () => {
    const refused = await api("POST", "/v1/users", { token: officer.token, body: newUser(null, "x@example.com") });
    expect([refused.status, refused.body.message]).toEqual([403, "Missing permission manage:users"]);
    expect((await api("GET", "/v1/users", { token: officer.token })).status).toBe(403);
    expect((await api("POST", "/v1/roles", { token: officer.token, body: { name: "Mine", policies: [] } })).status).toBe(403);
    expect((await api("GET", "/v1/settings", { token: officer.token })).status).toBe(403);
    expect((await api("PUT", "/v1/settings", { token: officer.token, body: { deletionEnabled: true } })).status).toBe(403);
  });
});

describe("an IT Administrator", () => {
  it("runs accounts and settings but reads no mail and touches no hold", async () => {
    expect((await api("GET", "/v1/users", { token: itAdmin.token })).status).toBe(200);
    expect((await api("GET", "/v1/settings", { token: itAdmin.token })).status).toBe(200);
    expect((await api("GET", "/v1/search?query=anything", { token: itAdmin.token })).status).toBe(403);
    expect((await api("GET", `${H}/holds`, { token: itAdmin.token })).status).toBe(403);
    expect((await api("GET", `${L}/labels`, { token: itAdmin.token })).status).toBe(403);
  });

  it("creates users with roles it could grant, never a more powerful one (403 naming what it lacks)", async () => {
    const peer = await api("POST", "/v1/users", {
      token: itAdmin.token,
      body: newUser(await roleId("predefined_it_administrator"), "peer@example.com"),
    });
    expect(peer.status).toBe(201);
    for (const slug of ["predefined_compliance_officer", "predefined_super_admin", "predefined_read_only"]) {
      const refused = await api("POST", "/v1/users", { token: itAdmin.token, body: newUser(await roleId(slug), `${slug}@example.com`) });
      expect(refused.status, slug).toBe(403);
      expect(refused.body.message).toMatch(/^Assigning the role ".+" would grant .*(manage:all|read:archive)/);
    }
    expect(await db().user.count({ where: { email: { startsWith: "predefined_" } } })).toBe(0);
  });

  it("cannot raise itself, change a Super Admin or sign them out", async () => {
    const raise = await api("PUT", `/v1/users/${itAdmin.user.id}`, {
      token: itAdmin.token,
      body: { roleId: await roleId("predefined_super_admin") },
    });
    expect(raise.status).toBe(403);
    expect((await api("PUT", `/v1/users/${admin.user.id}`, { token: itAdmin.token, body: { disabled: true } })).status).toBe(403);
    expect((await api("DELETE", `/v1/users/${admin.user.id}`, { token: itAdmin.token })).status).toBe(403);
    expect((await api("POST", `/v1/users/${admin.user.id}/revoke-sessions`, { token: itAdmin.token })).status).toBe(403);
    expect((await db().user.findUniqueOrThrow({ where: { id: itAdmin.user.id }, include: { role: true } })).role?.slug).toBe(
      "predefined_it_administrator",
    );
    expect((await db().user.findUniqueOrThrow({ where: { id: admin.user.id } })).disabledAt).toBeNull();
  });

  it("builds roles and SSO mappings only from what it holds", async () => {
    const within = await api("POST", "/v1/roles", {
      token: itAdmin.token,
      body: { name: "Source keeper", policies: [{ action: "manage", subject: "ingestion" }] },
    });
    expect(within.status).toBe(201);
    const beyond = await api("POST", "/v1/roles", {
      token: itAdmin.token,
      body: { name: "Mail reader", policies: [{ action: "read", subject: "archive" }] },
    });
    expect([beyond.status, beyond.body.message]).toEqual([403, expect.stringContaining("read:archive")]);
    const raised = await api("PUT", `/v1/roles/${within.body.id}`, {
      token: itAdmin.token,
      body: { policies: [{ action: "manage", subject: "all" }] },
    });
    expect(raised.status).toBe(403);
    const mapping = await api("PUT", "/v1/settings/sso-role-mapping", {
      token: itAdmin.token,
      body: { mappings: [{ group: "IT", roleId: await roleId("predefined_super_admin") }], defaultRoleId: null },
    });
    expect(mapping.status).toBe(403);
    // The Super Admin may assign every role.
    const byAdmin = await api("PUT", "/v1/settings/sso-role-mapping", {
      token: admin.token,
      body: { mappings: [{ group: "Compliance", roleId: await roleId("predefined_compliance_officer") }], defaultRoleId: null },
    });
    expect(byAdmin.status).toBe(200);
  });
});
