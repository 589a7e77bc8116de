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

/**
 * Issue 48 item 5: the no-escalation rule covers what a change takes away or re-targets, not only
 * what it hands out. A walk over every place that edits role assignments: a user's role, a role's
 * policies, a role's deletion, the group mapping's rules and default.
 */
describe("an IT Administrator cannot demote those above it", () => {
  const MAP = "/v1/settings/sso-role-mapping";
  let superAdminRoleId: string;
  let officerRoleId: string;
  let itRoleId: string;
  let seniorRoleId: string;
  const mapAs = (user: TestUser, mappings: [string, string][], defaultRoleId: string | null) =>
    api("PUT", MAP, { token: user.token, body: { mappings: mappings.map(([group, role]) => ({ group, roleId: role })), defaultRoleId } });

  beforeAll(async () => {
    superAdminRoleId = await roleId("predefined_super_admin");
    officerRoleId = await roleId("predefined_compliance_officer");
    itRoleId = await roleId("predefined_it_administrator");
    const senior = await api("POST", "/v1/roles", {
      token: admin.token,
      body: { name: "Senior reviewer", policies: [{ action: "read", subject: "archive" }] },
    });
    seniorRoleId = senior.body.id;
  });

  it("refuses, through the group mapping, to remove, re-target, rename, shadow or reorder a rule granting more than it holds", async () => {
    const mapped: [string, string][] = [
      ["Admins", superAdminRoleId],
      ["Compliance", officerRoleId],
      ["IT", itRoleId],
    ];
    expect((await mapAs(admin, mapped, officerRoleId)).status).toBe(200);
    const attempts: [string, [string, string][], string | null][] = [
      ["removed", [mapped[1], mapped[2]], officerRoleId],
      ["re-targeted", [["Admins", itRoleId], mapped[1], mapped[2]], officerRoleId],
      ["group renamed", [["Admins-2", superAdminRoleId], mapped[1], mapped[2]], officerRoleId],
      ["shadowed", [["Everyone", itRoleId], ...mapped], officerRoleId],
      ["reordered", [mapped[1], mapped[0], mapped[2]], officerRoleId],
      ["default re-targeted", mapped, itRoleId],
      ["higher rules and default removed", [mapped[2]], null],
      ["higher rules re-targeted", [["Admins", itRoleId], ["Compliance", itRoleId], mapped[2]], null],
      ["everything removed", [], null],
    ];
    for (const [what, mappings, defaultRoleId] of attempts) {
      const refused = await mapAs(itAdmin, mappings, defaultRoleId);
      expect([what, refused.status]).toEqual([what, 403]);
      expect(refused.body.message).toMatch(/would take away or re-target the role "(Super Admin|Compliance Officer)"/);
    }
    expect((await api("GET", MAP, { token: admin.token })).body).toEqual({
      mappings: mapped.map(([group, role]) => ({ group, roleId: role })),
      defaultRoleId: officerRoleId,
    });
  });

  it("still edits the rules it could grant, behind the ones above it", async () => {
    const mapped: [string, string][] = [
      ["Admins", superAdminRoleId],
      ["IT", itRoleId],
    ];
    expect((await mapAs(admin, mapped, null)).status).toBe(200);
    const edited = await mapAs(itAdmin, [mapped[0], ["IT-Ops", itRoleId]], null);
    expect(edited.status).toBe(200);
    expect(edited.body.mappings).toEqual([
      { group: "Admins", roleId: superAdminRoleId },
      { group: "IT-Ops", roleId: itRoleId },
    ]);
  });

  it("refuses to take a higher role from a user, to edit it, or to delete it (which would drop its mapping rules)", async () => {
    const officerRole = await api("PUT", `/v1/users/${officer.user.id}`, { token: itAdmin.token, body: { roleId: itRoleId } });
    expect(officerRole.status).toBe(403);
    const lowered = await api("PUT", `/v1/roles/${seniorRoleId}`, { token: itAdmin.token, body: { policies: [] } });
    expect([lowered.status, lowered.body.message]).toEqual([
      403,
      expect.stringContaining('take away or re-target the role "Senior reviewer"'),
    ]);
    expect((await mapAs(admin, [["Seniors", seniorRoleId]], null)).status).toBe(200);
    const deleted = await api("DELETE", `/v1/roles/${seniorRoleId}`, { token: itAdmin.token });
    expect([deleted.status, deleted.body.message]).toEqual([403, expect.stringContaining("read:archive")]);
    expect((await api("GET", MAP, { token: admin.token })).body.mappings).toEqual([{ group: "Seniors", roleId: seniorRoleId }]);
    expect((await db().user.findUniqueOrThrow({ where: { id: officer.user.id }, include: { role: true } })).role?.slug).toBe(
      "predefined_compliance_officer",
    );
    // Whoever holds what the role grants may delete it (the control).
    expect((await api("DELETE", `/v1/roles/${seniorRoleId}`, { token: admin.token })).status).toBe(204);
  });
});
