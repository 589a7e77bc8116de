import { describe, expect, it } from "vitest";
import type { Policy } from "../authz/permissions";
import { db } from "../db/client";
import { api } from "../../../tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "../../../tests/helpers/auth";
import { useEmptyDatabasePerTest } from "../../../tests/helpers/reset-database";

useEmptyDatabasePerTest();

const archivePolicy: Policy[] = [{ action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } }];

describe("roles", () => {
  it("lists the predefined roles and creates, reads, updates and deletes custom ones", async () => {
    const admin = await setupAdmin();
    const list = await api("GET", "/v1/roles", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.map((role: { slug: string }) => role.slug)).toEqual(
      expect.arrayContaining(["predefined_super_admin", "predefined_auditor", "predefined_read_only"]),
    );
    const created = await api("POST", "/v1/roles", { token: admin.token, body: { name: "Alice's mail", policies: archivePolicy } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "alice_s_mail", name: "Alice's mail", policies: archivePolicy });
    expect(Object.keys(created.body).sort()).toEqual(["createdAt", "id", "name", "policies", "slug", "updatedAt"]);
    expect((await api("GET", `/v1/roles/${created.body.id}`, { token: admin.token })).body).toEqual(created.body);
    const updated = await api("PUT", `/v1/roles/${created.body.id}`, {
      token: admin.token,
      body: { policies: [{ action: "read", subject: "archive" }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.policies).toEqual([{ action: "read", subject: "archive", conditions: {} }]);
    expect((await api("DELETE", `/v1/roles/${created.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await api("GET", `/v1/roles/${created.body.id}`, { token: admin.token })).status).toBe(404);
    const audit = await db().auditLog.findMany({ where: { targetType: "Role" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.actionType)).toEqual(["CREATE", "UPDATE", "DELETE"]);
  });

  it("refuses to edit or delete predefined roles (409)", async () => {
    const admin = await setupAdmin();
    const superAdmin = await db().role.findUniqueOrThrow({ where: { slug: "predefined_super_admin" } });
    expect((await api("PUT", `/v1/roles/${superAdmin.id}`, { token: admin.token, body: { name: "Mine" } })).status).toBe(409);
    expect((await api("DELETE", `/v1/roles/${superAdmin.id}`, { token: admin.token })).status).toBe(409);
  });

  it("refuses to delete a role while users hold it (409)", async () => {
    const admin = await setupAdmin();
    const holder = await createUserWithRole(admin.token, archivePolicy);
    const response = await api("DELETE", `/v1/roles/${holder.user.role!.id}`, { token: admin.token });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/assigned/);
  });

  it("validates policies: unknown action or subject, conditions off archive, unknown condition fields", async () => {
    const admin = await setupAdmin();
    for (const policies of [
      [{ action: "fly", subject: "archive" }],
      [{ action: "read", subject: "moon" }],
      [{ action: "read", subject: "users", conditions: { userEmail: "a@b.c" } }],
      [{ action: "read", subject: "archive", conditions: { $where: "1" } }],
      "not-an-array",
    ]) {
      const response = await api("POST", "/v1/roles", { token: admin.token, body: { name: "Bad", policies } });
      expect(response.status, JSON.stringify(policies)).toBe(422);
      expect(response.body.errors.length).toBeGreaterThan(0);
    }
    expect((await api("GET", "/v1/roles/nope", { token: admin.token })).status).toBe(422);
    expect((await api("PUT", `/v1/roles/${admin.user.role!.id}`, { token: admin.token, body: {} })).status).toBe(422);
  });

  it("answers 409 for a duplicate name and 404 for unknown ids", async () => {
    const admin = await setupAdmin();
    await api("POST", "/v1/roles", { token: admin.token, body: { name: "Legal", policies: [] } });
    expect((await api("POST", "/v1/roles", { token: admin.token, body: { name: "legal", policies: [] } })).status).toBe(409);
    const ghost = "00000000-0000-4000-8000-000000000000";
    expect((await api("GET", `/v1/roles/${ghost}`, { token: admin.token })).status).toBe(404);
    expect((await api("PUT", `/v1/roles/${ghost}`, { token: admin.token, body: { name: "X" } })).status).toBe(404);
    expect((await api("DELETE", `/v1/roles/${ghost}`, { token: admin.token })).status).toBe(404);
  });

  it("needs read:users to read and manage:all to change roles", async () => {
    const admin = await setupAdmin();
    const auditor = await createUserWithRole(admin.token, "predefined_auditor");
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    expect((await api("GET", "/v1/roles", { token: auditor.token })).status).toBe(200);
    expect((await api("GET", "/v1/roles", { token: reader.token })).status).toBe(403);
    expect((await api("POST", "/v1/roles", { token: auditor.token, body: { name: "X", policies: [] } })).status).toBe(403);
    expect((await api("GET", "/v1/roles")).status).toBe(401);
  });
});
