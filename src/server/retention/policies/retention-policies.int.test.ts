import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { ensureTestSource } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const BASE = "/api/v1/enterprise/retention-policy/policies";
const GHOST = "00000000-0000-4000-8000-000000000000";

async function createPolicy(token: string, body: Record<string, unknown>) {
  const response = await api("POST", BASE, { token, body });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("retention policies: create, list, get", () => {
  it("creates a policy with defaults and every field, lists by creation and gets by id", async () => {
    const admin = await setupAdmin();
    const minimal = await createPolicy(admin.token, { name: "Everything 7y", retentionPeriodDays: 2555 });
    expect(minimal).toEqual({
      id: expect.any(String),
      name: "Everything 7y",
      description: null,
      priority: 0,
      retentionPeriodDays: 2555,
      isEnabled: true,
      conditions: null,
      ingestionSourceIds: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // Additions of disposition review (docs/retention.md), with the interface's behaviour as default.
      dispositionAction: "delete",
      reviewerIds: [],
      reviewerRoleId: null,
    });
    expect(new Date(minimal.createdAt).toISOString()).toBe(minimal.createdAt);
    const sourceId = await ensureTestSource();
    const conditions = {
      operator: "OR",
      rules: [
        { field: "sender", op: "domain", value: "newsletter.example.com" },
        { field: "subject", op: "matches", value: "^\\[promo\\]" },
        { field: "hasAttachments", op: "equals", value: false },
      ],
    };
    const full = await createPolicy(admin.token, {
      name: "Newsletters",
      description: "Marketing mail",
      priority: 5,
      retentionPeriodDays: 30,
      isEnabled: false,
      conditions,
      ingestionSourceIds: [sourceId, sourceId],
    });
    expect(full).toMatchObject({
      description: "Marketing mail",
      priority: 5,
      isEnabled: false,
      conditions,
      ingestionSourceIds: [sourceId],
    });
    const list = await api("GET", BASE, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.map((policy: { name: string }) => policy.name)).toEqual(["Everything 7y", "Newsletters"]);
    expect((await api("GET", `${BASE}/${full.id}`, { token: admin.token })).body).toEqual(full);
    const audit = await db().auditLog.findMany({ where: { targetType: "RetentionPolicy", actionType: "CREATE" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.targetId)).toEqual([minimal.id, full.id]);
    expect(audit[1].actorIdentifier).toBe("admin@example.com");
    expect(audit[1].details).toMatchObject({ name: "Newsletters", retentionPeriodDays: 30, conditions });
  });

  it("answers 404 for an unknown id and 422 for a malformed one", async () => {
    const admin = await setupAdmin();
    const missing = await api("GET", `${BASE}/${GHOST}`, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: "error", statusCode: 404, message: expect.any(String), errors: null });
    const malformed = await api("GET", `${BASE}/not-a-uuid`, { token: admin.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual([{ field: "id", message: expect.any(String) }]);
  });

  it("answers 409 for a duplicate name, case-insensitively and under concurrency", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Mail", retentionPeriodDays: 10 });
    const duplicate = await api("POST", BASE, { token: admin.token, body: { name: "  MAIL ", retentionPeriodDays: 5 } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ status: "error", statusCode: 409, message: expect.any(String), errors: null });
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => api("POST", BASE, { token: admin.token, body: { name: "Race", retentionPeriodDays: 1 } })),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await db().retentionPolicy.count()).toBe(2);
  });

  it("answers 422 with field errors for invalid bodies", async () => {
    const admin = await setupAdmin();
    const rule = (overrides: Record<string, unknown>) => ({
      operator: "AND",
      rules: [{ field: "sender", op: "equals", value: "a@b.c", ...overrides }],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{}, "name"],
      [{ name: "", retentionPeriodDays: 1 }, "name"],
      [{ name: "x".repeat(256), retentionPeriodDays: 1 }, "name"],
      [{ name: "p" }, "retentionPeriodDays"],
      [{ name: "p", retentionPeriodDays: 0 }, "retentionPeriodDays"],
      [{ name: "p", retentionPeriodDays: 1.5 }, "retentionPeriodDays"],
      [{ name: "p", retentionPeriodDays: "30" }, "retentionPeriodDays"],
      [{ name: "p", retentionPeriodDays: 1, description: "d".repeat(1001) }, "description"],
      [{ name: "p", retentionPeriodDays: 1, priority: 1.5 }, "priority"],
      [{ name: "p", retentionPeriodDays: 1, isEnabled: "yes" }, "isEnabled"],
      [{ name: "p", retentionPeriodDays: 1, ingestionSourceIds: ["nope"] }, "ingestionSourceIds.0"],
      [{ name: "p", retentionPeriodDays: 1, ingestionSourceIds: [GHOST] }, "ingestionSourceIds.0"],
      [{ name: "p", retentionPeriodDays: 1, conditions: { operator: "XOR", rules: [] } }, "conditions.operator"],
      [{ name: "p", retentionPeriodDays: 1, conditions: { operator: "AND", rules: [] } }, "conditions.rules"],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ field: "cc" }) }, "conditions.rules.0.field"],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ op: "like" }) }, "conditions.rules.0.op"],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ value: "" }) }, "conditions.rules.0.value"],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ value: 5 }) }, "conditions.rules.0.value"],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ extra: 1 }) }, "conditions.rules.0"],
      [
        { name: "p", retentionPeriodDays: 1, conditions: rule({ field: "subject", op: "domain", value: "x.com" }) },
        "conditions.rules.0.value",
      ],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ field: "hasAttachments", value: "true" }) }, "conditions.rules.0.value"],
      [
        { name: "p", retentionPeriodDays: 1, conditions: rule({ field: "hasAttachments", op: "contains", value: true }) },
        "conditions.rules.0.value",
      ],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ op: "matches", value: "(unclosed" }) }, "conditions.rules.0.value"],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ op: "matches", value: "(a+)+$" }) }, "conditions.rules.0.value"],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ op: "matches", value: "(a)\\1" }) }, "conditions.rules.0.value"],
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ op: "matches", value: "a".repeat(201) }) }, "conditions.rules.0.value"],
      // Valid in JavaScript, rejected by PostgreSQL (named groups are not in its dialect).
      [{ name: "p", retentionPeriodDays: 1, conditions: rule({ op: "matches", value: "(?<user>[a-z]+)@" }) }, "conditions.rules.0.value"],
    ];
    for (const [body, field] of cases) {
      const response = await api("POST", BASE, { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body).toMatchObject({ status: "error", statusCode: 422, message: "Invalid input" });
      expect(
        response.body.errors.map((error: { field: string }) => error.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await db().retentionPolicy.count()).toBe(0);
    expect(await db().auditLog.count({ where: { targetType: "RetentionPolicy" } })).toBe(0);
  });
});

describe("retention policies: update and delete", () => {
  it("changes only the provided fields and audits what changed", async () => {
    const admin = await setupAdmin();
    const policy = await createPolicy(admin.token, {
      name: "Finance",
      description: "keep",
      retentionPeriodDays: 100,
      conditions: { operator: "AND", rules: [{ field: "userEmail", op: "equals", value: "cfo@example.com" }] },
    });
    const updated = await api("PUT", `${BASE}/${policy.id}`, { token: admin.token, body: { retentionPeriodDays: 200, isEnabled: false } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...policy, retentionPeriodDays: 200, isEnabled: false, updatedAt: expect.any(String) });
    const cleared = await api("PUT", `${BASE}/${policy.id}`, {
      token: admin.token,
      body: { conditions: null, description: null, name: "Finance all" },
    });
    expect(cleared.body).toMatchObject({ name: "Finance all", conditions: null, description: null, retentionPeriodDays: 200 });
    expect((await api("GET", `${BASE}/${policy.id}`, { token: admin.token })).body).toEqual(cleared.body);
    const audit = await db().auditLog.findMany({ where: { targetType: "RetentionPolicy", actionType: "UPDATE" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.details)).toEqual([
      {
        name: "Finance",
        actorUserId: admin.user.id,
        changes: { retentionPeriodDays: { from: 100, to: 200 }, isEnabled: { from: true, to: false } },
      },
      {
        name: "Finance all",
        actorUserId: admin.user.id,
        changes: {
          name: { from: "Finance", to: "Finance all" },
          description: { from: "keep", to: null },
          conditions: { from: policy.conditions, to: null },
        },
      },
    ]);
  });

  it("answers 404, 409 and 422 on update", async () => {
    const admin = await setupAdmin();
    const first = await createPolicy(admin.token, { name: "First", retentionPeriodDays: 1 });
    await createPolicy(admin.token, { name: "Second", retentionPeriodDays: 1 });
    expect((await api("PUT", `${BASE}/${GHOST}`, { token: admin.token, body: { priority: 1 } })).status).toBe(404);
    const renamed = await api("PUT", `${BASE}/${first.id}`, { token: admin.token, body: { name: "second" } });
    expect(renamed.status).toBe(409);
    for (const body of [
      {},
      { retentionPeriodDays: 0 },
      { name: "" },
      { conditions: { operator: "AND", rules: [{ field: "subject", op: "matches", value: "[" }] } },
    ]) {
      const response = await api("PUT", `${BASE}/${first.id}`, { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors.length).toBeGreaterThan(0);
    }
    expect((await api("PUT", `${BASE}/nope`, { token: admin.token, body: { priority: 1 } })).status).toBe(422);
    expect((await api("GET", `${BASE}/${first.id}`, { token: admin.token })).body).toEqual(first);
  });

  it("deletes with 204, then answers 404; a malformed id is 422", async () => {
    const admin = await setupAdmin();
    const policy = await createPolicy(admin.token, { name: "Gone", retentionPeriodDays: 1 });
    const deleted = await api("DELETE", `${BASE}/${policy.id}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await api("GET", `${BASE}/${policy.id}`, { token: admin.token })).status).toBe(404);
    expect((await api("DELETE", `${BASE}/${policy.id}`, { token: admin.token })).status).toBe(404);
    expect((await api("DELETE", `${BASE}/nope`, { token: admin.token })).status).toBe(422);
    const audit = await db().auditLog.findMany({ where: { targetType: "RetentionPolicy", actionType: "DELETE" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetId: policy.id, details: { name: "Gone", retentionPeriodDays: 1 } });
    // The name is free again.
    await createPolicy(admin.token, { name: "gone", retentionPeriodDays: 1 });
  });
});

describe("retention policies: access", () => {
  it("needs authentication, manage:all and the RETENTION_POLICY feature", async () => {
    const admin = await setupAdmin();
    const policy = await createPolicy(admin.token, { name: "P", retentionPeriodDays: 1 });
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const requests: [string, string, unknown?][] = [
      ["GET", BASE],
      ["POST", BASE, { name: "Q", retentionPeriodDays: 1 }],
      ["GET", `${BASE}/${policy.id}`],
      ["PUT", `${BASE}/${policy.id}`, { priority: 3 }],
      ["DELETE", `${BASE}/${policy.id}`],
    ];
    for (const [method, path, body] of requests) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { body, token: reader.token })).status, `${method} ${path}`).toBe(403);
    }
    await withEnv({ LICENSE_FEATURES: "LEGAL_HOLDS" }, async () => {
      for (const [method, path, body] of requests) {
        const response = await api(method, path, { body, token: admin.token });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toContain("RETENTION_POLICY");
      }
      expect((await api("PATCH", BASE, { token: admin.token })).status).toBe(405);
    });
    expect((await api("GET", `${BASE}/${policy.id}`, { token: admin.token })).body).toEqual(policy);
  });
});
