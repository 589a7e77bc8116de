import { describe, expect, it } from "vitest";
import type { Policy } from "../authz/permissions";
import { db } from "../../platform/db/client";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { PREDEFINED_ROLES } from "./predefined-roles";
import { ensurePredefinedRoles } from "./ensure-predefined-roles";

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
    expect(audit[1].details).toEqual({
      changes: { policies: { from: archivePolicy, to: [{ action: "read", subject: "archive", conditions: {} }] } },
      actorUserId: admin.user.id,
    });
  });

  it("has the predefined roles with their policies", async () => {
    const admin = await setupAdmin();
    const list = await api("GET", "/v1/roles", { token: admin.token });
    const bySlug = Object.fromEntries(
      list.body.map((role: { slug: string; name: string; policies: unknown }) => [role.slug, [role.name, role.policies]]),
    );
    const policy = (action: string, subject: string) => ({ action, subject, conditions: {} });
    expect(bySlug).toEqual({
      predefined_super_admin: ["Super Admin", [policy("manage", "all")]],
      predefined_auditor: ["Auditor", [policy("read", "audit"), policy("read", "archive"), policy("read", "users")]],
      predefined_read_only: ["Read Only", [policy("read", "archive")]],
      predefined_compliance_officer: [
        "Compliance Officer",
        [
          policy("manage", "holds"),
          policy("manage", "retention"),
          policy("manage", "dispositions"),
          policy("manage", "ediscovery"),
          policy("read", "archive"),
          policy("delete", "archive"),
          policy("read", "audit"),
        ],
      ],
      predefined_ediscovery_manager: [
        "eDiscovery Manager",
        [policy("manage", "ediscovery"), policy("manage", "holds"), policy("read", "archive")],
      ],
      predefined_reviewer: ["Reviewer", [policy("read", "ediscovery"), policy("read", "archive")]],
      predefined_it_administrator: [
        "IT Administrator",
        [
          policy("manage", "ingestion"),
          policy("manage", "settings"),
          policy("manage", "users"),
          policy("manage", "system"),
          policy("read", "audit"),
        ],
      ],
    });
  });

  it("ensurePredefinedRoles is idempotent under concurrency and restores altered predefined roles", async () => {
    const before = await db().role.findUniqueOrThrow({ where: { slug: "predefined_auditor" } });
    await Promise.all(Array.from({ length: 4 }, () => ensurePredefinedRoles()));
    const unchanged = await db().role.findUniqueOrThrow({ where: { slug: "predefined_auditor" } });
    expect(unchanged).toEqual(before);
    expect(await db().role.count()).toBe(PREDEFINED_ROLES.length);
    await db().role.update({
      where: { slug: "predefined_auditor" },
      data: { name: "Hacked", policies: [{ action: "manage", subject: "all" }] },
    });
    await ensurePredefinedRoles({ databaseUrl: process.env.DATABASE_URL });
    const restored = await db().role.findUniqueOrThrow({ where: { slug: "predefined_auditor" } });
    expect(restored).toMatchObject({ id: before.id, name: "Auditor", policies: before.policies });
  });

  it("renaming a role changes its slug, and a name already taken (or a predefined role's) is a 409", async () => {
    const admin = await setupAdmin();
    const legal = await api("POST", "/v1/roles", { token: admin.token, body: { name: "Legal", policies: [] } });
    const hr = await api("POST", "/v1/roles", { token: admin.token, body: { name: "HR", policies: [] } });
    const renamed = await api("PUT", `/v1/roles/${hr.body.id}`, { token: admin.token, body: { name: "Human Resources" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Human Resources", slug: "human_resources" });
    const clash = await api("PUT", `/v1/roles/${hr.body.id}`, { token: admin.token, body: { name: "LEGAL" } });
    expect(clash.status).toBe(409);
    expect((await api("GET", `/v1/roles/${hr.body.id}`, { token: admin.token })).body.name).toBe("Human Resources");
    expect((await api("PUT", `/v1/roles/${legal.body.id}`, { token: admin.token, body: { name: "Legal" } })).status).toBe(200);
    expect((await api("POST", "/v1/roles", { token: admin.token, body: { name: "Super Admin", policies: [] } })).status).toBe(409);
    expect((await api("PUT", `/v1/roles/${legal.body.id}`, { token: admin.token, body: { name: "auditor" } })).status).toBe(409);
    const lookalike = await api("POST", "/v1/roles", { token: admin.token, body: { name: "predefined boss", policies: [] } });
    expect(lookalike.body.slug).toBe("custom_predefined_boss");
  });

  it("creates a role concurrently with the same name only once", async () => {
    const admin = await setupAdmin();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api("POST", "/v1/roles", { token: admin.token, body: { name: "Compliance", policies: [] } })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409]);
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
    expect((await api("GET", `/v1/roles/${admin.user.role!.id}`, { token: auditor.token })).status).toBe(200);
    expect((await api("GET", `/v1/roles/${admin.user.role!.id}`, { token: reader.token })).status).toBe(403);
    const custom = await api("POST", "/v1/roles", { token: admin.token, body: { name: "Custom", policies: [] } });
    expect((await api("POST", "/v1/roles", { token: auditor.token, body: { name: "X", policies: [] } })).status).toBe(403);
    expect((await api("PUT", `/v1/roles/${custom.body.id}`, { token: auditor.token, body: { name: "Y" } })).status).toBe(403);
    expect((await api("DELETE", `/v1/roles/${custom.body.id}`, { token: auditor.token })).status).toBe(403);
    for (const [method, path] of [
      ["GET", "/v1/roles"],
      ["POST", "/v1/roles"],
      ["GET", `/v1/roles/${custom.body.id}`],
      ["PUT", `/v1/roles/${custom.body.id}`],
      ["DELETE", `/v1/roles/${custom.body.id}`],
    ] as const) {
      expect((await api(method, path, { body: { name: "Z", policies: [] } })).status, `${method} ${path}`).toBe(401);
    }
    expect((await api("GET", `/v1/roles/${custom.body.id}`, { token: admin.token })).body.name).toBe("Custom");
  });
});

describe("the role form's condition suggestions (roles.conditionValues)", () => {
  it("lists each archived mailbox once, lower-cased and in order, and the sources by name, to role managers only", async () => {
    const admin = await setupAdmin();
    const other = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Another source", provider: "upload" } });
    await insertTestEmail({ userEmail: "Carol@Example.com", senderEmail: "outside@elsewhere.example" });
    await insertTestEmail({ userEmail: "alice@example.com", ingestionSourceId: other.body.id });
    await insertTestEmail({ userEmail: "carol@example.com" });
    await insertTestEmail({ userEmail: "alice@example.com" });
    const manager = await createUserWithRole(admin.token, [{ action: "manage", subject: "users" }]);
    const answer = await trpcHttp("roles.conditionValues", undefined, { authorization: `Bearer ${manager.token}` });
    expect(answer.status).toBe(200);
    const values = (await answer.json()).result.data;
    // Mailboxes only: a correspondent's address (the sender here) is not offered.
    expect(values).toMatchObject({ mailboxes: ["alice@example.com", "carol@example.com"], mailboxesTruncated: false });
    expect(values.sources.map((source: { name: string }) => source.name)).toContain("Another source");
    expect(values.sources.find((source: { id: string }) => source.id === other.body.id)).toEqual({
      id: other.body.id,
      name: "Another source",
      provider: "upload",
    });
    const reader = await createUserWithRole(admin.token, [{ action: "read", subject: "users" }]);
    expect((await trpcHttp("roles.conditionValues", undefined, { authorization: `Bearer ${reader.token}` })).status).toBe(403);
  });
});
