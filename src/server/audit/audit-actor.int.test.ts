import { describe, expect, it } from "vitest";
import { createApiKeyFor, createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { db } from "../platform/db/client";
import { appendAuditEntry, systemActor } from "./append-audit-entry";

useEmptyDatabasePerTest();

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const trpcData = async (response: Response) => ((await response.json()) as { result: { data: unknown } }).result.data;
const LOOK_ALIKE = "admin@exampIe.com";

interface Entry {
  actorIdentifier: string;
  actionType: string;
  details: Record<string, unknown>;
}

async function listBoth(admin: TestUser, query: Record<string, string>): Promise<{ rest: Entry[]; trpc: Entry[] }> {
  const rest = await api("GET", `/api/v1/enterprise/audit-logs?${new URLSearchParams({ ...query, limit: "100" })}`, { token: admin.token });
  expect(rest.status).toBe(200);
  const trpc = await trpcHttp("audit.list", { ...query, limit: "100" }, bearer(admin));
  expect(trpc.status).toBe(200);
  return { rest: rest.body.data, trpc: ((await trpcData(trpc)) as { data: Entry[] }).data };
}

describe("who did what", () => {
  it("records the actor's user id in every entry, so a look-alike email cannot pass for another user", async () => {
    const admin = await setupAdmin();
    const mallory = await createUserWithRole(admin.token, "predefined_super_admin");
    const renamed = await api("PATCH", "/v1/users/profile", {
      token: mallory.token,
      body: { email: LOOK_ALIKE, currentPassword: mallory.password },
    });
    expect(renamed.status).toBe(200);
    // Changing the email ended Mallory's tokens (a credential change): she signs in with the new one.
    mallory.token = (await api("POST", "/v1/auth/login", { body: { email: LOOK_ALIKE, password: mallory.password } })).body.accessToken;
    await api("GET", "/v1/users", { token: mallory.token });
    await api("POST", "/v1/roles", { token: mallory.token, body: { name: "Shadow", policies: [{ action: "manage", subject: "all" }] } });

    const byMallory = await listBoth(admin, { actorUserId: mallory.user.id });
    for (const entries of [byMallory.rest, byMallory.trpc]) {
      expect(entries.map((entry) => entry.actionType)).toEqual(["CREATE", "LOGIN", "REVOKE_SESSIONS", "UPDATE", "LOGIN"]);
      expect(entries.every((entry) => entry.details.actorUserId === mallory.user.id)).toBe(true);
      expect(entries[0].actorIdentifier).toBe(LOOK_ALIKE);
    }
    const byAdmin = await listBoth(admin, { actorUserId: admin.user.id.toUpperCase() });
    for (const entries of [byAdmin.rest, byAdmin.trpc]) {
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((entry) => entry.actorIdentifier === "admin@example.com" && entry.details.actorUserId === admin.user.id)).toBe(
        true,
      );
    }
    // The actor filter stays an exact match on the identifier: the look-alike's entries are not the admin's.
    const exact = await listBoth(admin, { actor: "admin@example.com" });
    expect(exact.rest.every((entry) => entry.details.actorUserId === admin.user.id)).toBe(true);
    expect(exact.trpc).toEqual(exact.rest);

    const invalid = await api("GET", "/api/v1/enterprise/audit-logs?actorUserId=not-a-uuid", { token: admin.token });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual([{ field: "actorUserId", message: "actorUserId must be a UUID" }]);
    expect((await trpcHttp("audit.list", { actorUserId: "not-a-uuid" }, bearer(admin))).status).toBe(422);
    expect((await api("POST", "/api/v1/enterprise/audit-logs/verify", { token: admin.token })).body).toMatchObject({ ok: true });
  });

  it("records the API key and its owner for a call made with an API key", async () => {
    const admin = await setupAdmin();
    const key = await createApiKeyFor(admin.token);
    expect((await api("POST", "/v1/roles", { headers: { "x-api-key": key.key }, body: { name: "Via key", policies: [] } })).status).toBe(
      201,
    );
    const entry = await db().auditLog.findFirstOrThrow({ where: { targetType: "Role", actionType: "CREATE" } });
    expect(entry.details).toMatchObject({ actorUserId: admin.user.id, actorApiKeyId: key.id });
  });

  it("never keeps an actorUserId the appender did not get from an authenticated actor", async () => {
    await appendAuditEntry(db(), {
      actor: systemActor(),
      actionType: "CREATE",
      targetType: "Settings",
      targetId: "x",
      details: { actorUserId: "forged", kept: 1 },
    });
    expect((await db().auditLog.findFirstOrThrow({ where: { targetType: "Settings", targetId: "x" } })).details).toEqual({ kept: 1 });
  });

  it("needs the current password to change one's own email, over REST and tRPC, and records old and new", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, null);
    const attempts = [
      { body: { email: "new@example.com" }, message: "current password is required to change your own email" },
      { body: { email: "new@example.com", currentPassword: "wrong-password" }, message: "current password is incorrect" },
    ];
    for (const attempt of attempts) {
      const rest = await api("PATCH", "/v1/users/profile", { token: user.token, body: attempt.body });
      expect(rest.status).toBe(422);
      expect(rest.body.errors).toEqual([{ field: "currentPassword", message: attempt.message }]);
      expect((await trpcHttp("account.updateProfile", attempt.body, bearer(user))).status).toBe(422);
    }
    // A Super Admin editing themselves through the users endpoint is held to the same rule.
    for (const path of ["/v1/users/profile", `/v1/users/${admin.user.id}`]) {
      const response = await api(path.endsWith("profile") ? "PATCH" : "PUT", path, { token: admin.token, body: { email: LOOK_ALIKE } });
      expect(response.status).toBe(422);
    }
    expect((await trpcHttp("users.update", { id: admin.user.id, email: LOOK_ALIKE }, bearer(admin))).status).toBe(422);
    expect((await db().user.findUniqueOrThrow({ where: { id: admin.user.id } })).email).toBe("admin@example.com");
    // Names need no password; the unchanged email neither.
    expect(
      (await api("PATCH", "/v1/users/profile", { token: user.token, body: { first_name: "Same", email: user.user.email } })).status,
    ).toBe(200);

    const viaTrpc = await trpcHttp("account.updateProfile", { email: "new@example.com", currentPassword: user.password }, bearer(user));
    expect(viaTrpc.status).toBe(200);
    user.token = (await api("POST", "/v1/auth/login", { body: { email: "new@example.com", password: user.password } })).body.accessToken;
    const viaRest = await api("PATCH", "/v1/users/profile", {
      token: user.token,
      body: { email: "newer@example.com", currentPassword: user.password },
    });
    expect(viaRest.status).toBe(200);
    // An administrator changes someone else's email without that user's password, and it is recorded the same way.
    expect((await api("PUT", `/v1/users/${user.user.id}`, { token: admin.token, body: { email: "third@example.com" } })).status).toBe(200);

    const changes = await db().auditLog.findMany({ where: { targetId: user.user.id, actionType: "UPDATE" }, orderBy: { id: "asc" } });
    expect(changes.map((entry) => entry.details)).toEqual([
      { changes: { first_name: "Same", email: user.user.email }, profile: true, actorUserId: user.user.id },
      {
        changes: { email: "new@example.com" },
        emailChange: { from: user.user.email, to: "new@example.com" },
        profile: true,
        actorUserId: user.user.id,
      },
      {
        changes: { email: "newer@example.com" },
        emailChange: { from: "new@example.com", to: "newer@example.com" },
        profile: true,
        actorUserId: user.user.id,
      },
      {
        changes: { email: "third@example.com" },
        emailChange: { from: "newer@example.com", to: "third@example.com" },
        actorUserId: admin.user.id,
      },
    ]);
    expect(JSON.stringify(changes.map((entry) => entry.details))).not.toContain(user.password);
  });
});
