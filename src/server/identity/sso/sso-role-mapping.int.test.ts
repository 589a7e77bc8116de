import { beforeAll, describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { api } from "@tests/helpers/rest-client";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { db } from "../../platform/db/client";

const PATH = "/v1/settings/sso-role-mapping";
const GHOST = "00000000-0000-4000-8000-000000000000";
let admin: TestUser;
let auditorRoleId: string;

beforeAll(async () => {
  admin = await setupAdmin();
  auditorRoleId = (await db().role.findUniqueOrThrow({ where: { slug: "predefined_auditor" } })).id;
});

describe("GET/PUT /v1/settings/sso-role-mapping", () => {
  it("starts empty, replaces the whole mapping, and audits the change with what it replaced", async () => {
    expect((await api("GET", PATH, { token: admin.token })).body).toEqual({ mappings: [], defaultRoleId: null });
    const mapping = { mappings: [{ group: " archive-auditors ", roleId: auditorRoleId }], defaultRoleId: auditorRoleId };
    const saved = await api("PUT", PATH, { token: admin.token, body: mapping });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ mappings: [{ group: "archive-auditors", roleId: auditorRoleId }], defaultRoleId: auditorRoleId });
    expect((await api("GET", PATH, { token: admin.token })).body).toEqual(saved.body);
    const entry = await db().auditLog.findFirstOrThrow({ where: { targetType: "SsoRoleMapping" }, orderBy: { id: "desc" } });
    expect(entry.details).toMatchObject({ from: { mappings: [], defaultRoleId: null }, to: saved.body });

    const emptied = await api("PUT", PATH, { token: admin.token, body: { mappings: [], defaultRoleId: null } });
    expect(emptied.body).toEqual({ mappings: [], defaultRoleId: null });
  });

  it("answers 422 for unknown roles, a group mapped twice (in any case) and a malformed body", async () => {
    const unknown = await api("PUT", PATH, {
      token: admin.token,
      body: {
        mappings: [
          { group: "a", roleId: auditorRoleId },
          { group: "b", roleId: GHOST },
        ],
        defaultRoleId: GHOST,
      },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      status: "error",
      statusCode: 422,
      message: "Invalid input",
      errors: [
        { field: "mappings.1.roleId", message: "role does not exist" },
        { field: "defaultRoleId", message: "role does not exist" },
      ],
    });
    const twice = await api("PUT", PATH, {
      token: admin.token,
      body: {
        mappings: [
          { group: "Auditors", roleId: auditorRoleId },
          { group: "auditors", roleId: auditorRoleId },
        ],
        defaultRoleId: null,
      },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual([{ field: "mappings.1.group", message: "group is mapped twice" }]);
    for (const body of [
      {},
      { mappings: [], defaultRoleId: "x" },
      { mappings: [{ group: "", roleId: auditorRoleId }], defaultRoleId: null },
      { mappings: [], defaultRoleId: null, extra: 1 },
    ]) {
      expect((await api("PUT", PATH, { token: admin.token, body })).status).toBe(422);
    }
    expect(await db().ssoRoleMapping.count()).toBe(0);
  });

  it("needs manage:all (401 without credentials, 403 for an auditor), over REST and tRPC alike", async () => {
    const auditor: TestUser = await createUserWithRole(admin.token, "predefined_auditor");
    expect((await api("GET", PATH)).status).toBe(401);
    expect((await api("GET", PATH, { token: auditor.token })).status).toBe(403);
    expect((await api("PUT", PATH, { token: auditor.token, body: { mappings: [], defaultRoleId: null } })).status).toBe(403);
    const viaTrpc = await trpcHttp(
      "sso.updateRoleMapping",
      { mappings: [{ group: "g", roleId: auditorRoleId }], defaultRoleId: null },
      { authorization: `Bearer ${admin.token}` },
    );
    expect(viaTrpc.status).toBe(200);
    expect((await api("GET", PATH, { token: admin.token })).body.mappings).toEqual([{ group: "g", roleId: auditorRoleId }]);
    expect((await trpcHttp("sso.roleMapping", undefined, { authorization: `Bearer ${auditor.token}` })).status).toBe(403);
  });

  it("drops rules of a deleted role (the mapping never names a missing role)", async () => {
    const role = await api("POST", "/v1/roles", {
      token: admin.token,
      body: { name: "Temporary", policies: [{ action: "read", subject: "archive" }] },
    });
    await api("PUT", PATH, {
      token: admin.token,
      body: { mappings: [{ group: "temp", roleId: role.body.id }], defaultRoleId: role.body.id },
    });
    expect((await api("DELETE", `/v1/roles/${role.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await api("GET", PATH, { token: admin.token })).body).toEqual({ mappings: [], defaultRoleId: null });
  });
});
