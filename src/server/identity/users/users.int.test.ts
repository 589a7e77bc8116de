import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const newUser = { email: "new.user@example.com", first_name: "New", last_name: "User", password: "password-123" };

describe("users", () => {
  it("creates, lists, reads, updates and deletes users with the interface's shape, auditing each change", async () => {
    const admin = await setupAdmin();
    const readOnly = await db().role.findUniqueOrThrow({ where: { slug: "predefined_read_only" } });
    const created = await api("POST", "/v1/users", { token: admin.token, body: { ...newUser, roleId: readOnly.id } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["createdAt", "disabled", "email", "first_name", "id", "last_name", "role"]);
    expect(created.body.role).toMatchObject({ id: readOnly.id, slug: "predefined_read_only", name: "Read Only" });
    expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);

    const list = await api("GET", "/v1/users", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.map((user: { email: string }) => user.email)).toEqual(["admin@example.com", newUser.email]);
    expect(list.text).not.toMatch(/password/i);

    const one = await api("GET", `/v1/users/${created.body.id}`, { token: admin.token });
    expect(one.body).toEqual(created.body);

    const updated = await api("PUT", `/v1/users/${created.body.id}`, { token: admin.token, body: { first_name: "Renamed" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ first_name: "Renamed", last_name: "User", email: newUser.email });

    const removed = await api("DELETE", `/v1/users/${created.body.id}`, { token: admin.token });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect((await api("GET", `/v1/users/${created.body.id}`, { token: admin.token })).status).toBe(404);

    const actions = await db().auditLog.findMany({ where: { targetType: "User", targetId: created.body.id }, orderBy: { id: "asc" } });
    expect(actions.map((entry) => entry.actionType)).toEqual(["CREATE", "UPDATE", "DELETE"]);
    expect(actions.map((entry) => entry.details)).toEqual([
      { email: newUser.email, first_name: "New", last_name: "User", roleId: readOnly.id, actorUserId: admin.user.id },
      { changes: { first_name: "Renamed" }, actorUserId: admin.user.id },
      { email: newUser.email, apiKeysRevoked: 0, actorUserId: admin.user.id },
    ]);
    expect(actions.every((entry) => entry.actorIdentifier === "admin@example.com")).toBe(true);
    expect(JSON.stringify(actions.map((entry) => entry.details))).not.toContain("password-123");
  });

  it("creates a user without a role, who then has no permissions", async () => {
    const admin = await setupAdmin();
    const nobody = await createUserWithRole(admin.token, null);
    expect(nobody.user.role).toBeNull();
    expect((await api("GET", "/v1/auth/me", { token: nobody.token })).body.permissions).toEqual([]);
    expect((await api("GET", "/v1/users", { token: nobody.token })).status).toBe(403);
  });

  it("answers 409 for an email taken case-insensitively, on create and on update", async () => {
    const admin = await setupAdmin();
    expect((await api("POST", "/v1/users", { token: admin.token, body: { ...newUser, email: "ADMIN@Example.com" } })).status).toBe(409);
    const created = await api("POST", "/v1/users", { token: admin.token, body: newUser });
    const clash = await api("PUT", `/v1/users/${created.body.id}`, { token: admin.token, body: { email: "Admin@example.com" } });
    expect(clash.status).toBe(409);
    expect(clash.body.status).toBe("error");
  });

  it("answers 422 for missing fields, short passwords, unknown or malformed roleId, and empty updates", async () => {
    const admin = await setupAdmin();
    const missing = await api("POST", "/v1/users", { token: admin.token, body: { email: "a@b.co" } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining(["first_name", "last_name", "password"]),
    );
    expect((await api("POST", "/v1/users", { token: admin.token, body: { ...newUser, password: "short" } })).status).toBe(422);
    const unknownRole = await api("POST", "/v1/users", {
      token: admin.token,
      body: { ...newUser, roleId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.errors).toEqual([{ field: "roleId", message: "role does not exist" }]);
    expect((await api("POST", "/v1/users", { token: admin.token, body: { ...newUser, roleId: "nope" } })).status).toBe(422);
    expect((await api("PUT", `/v1/users/${admin.user.id}`, { token: admin.token, body: {} })).status).toBe(422);
    const unknownRoleUpdate = await api("PUT", `/v1/users/${admin.user.id}`, {
      token: admin.token,
      body: { roleId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknownRoleUpdate.status).toBe(422);
    expect(unknownRoleUpdate.body.errors).toEqual([{ field: "roleId", message: "role does not exist" }]);
    expect((await api("PUT", `/v1/users/${admin.user.id}`, { token: admin.token, body: { email: "not-an-email" } })).status).toBe(422);
    expect((await api("PUT", "/v1/users/not-a-uuid", { token: admin.token, body: { first_name: "X" } })).status).toBe(422);
    expect((await api("DELETE", "/v1/users/not-a-uuid", { token: admin.token })).status).toBe(422);
    expect((await api("GET", "/v1/users/not-a-uuid", { token: admin.token })).status).toBe(422);
    expect(await db().user.count()).toBe(1);
  });

  it("PUT changes only the provided fields; roleId null removes the role", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_auditor");
    const emailChanged = await api("PUT", `/v1/users/${user.user.id}`, { token: admin.token, body: { email: "  Renamed@Example.com " } });
    expect(emailChanged.body).toMatchObject({ email: "Renamed@Example.com", first_name: "Test", last_name: "User" });
    expect(emailChanged.body.role.slug).toBe("predefined_auditor");
    const roleRemoved = await api("PUT", `/v1/users/${user.user.id}`, { token: admin.token, body: { roleId: null } });
    expect(roleRemoved.status).toBe(200);
    expect(roleRemoved.body.role).toBeNull();
    // The email is a credential: changing it ended the user's tokens; they sign in with the new one.
    expect((await api("GET", "/v1/users", { token: user.token })).status).toBe(401);
    const signedIn = await api("POST", "/v1/auth/login", { body: { email: "renamed@example.com", password: user.password } });
    expect(signedIn.status).toBe(200);
    expect((await api("GET", "/v1/users", { token: signedIn.body.accessToken })).status).toBe(403);
  });

  it("deleting a user revokes their API keys and records how many", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_read_only", { apiKey: true });
    expect((await api("GET", "/v1/auth/me", { apiKey: user.apiKey })).status).toBe(200);
    expect((await api("DELETE", `/v1/users/${user.user.id}`, { token: admin.token })).status).toBe(204);
    expect((await api("GET", "/v1/auth/me", { apiKey: user.apiKey })).status).toBe(401);
    expect(await db().apiKey.count()).toBe(0);
    const entry = await db().auditLog.findFirstOrThrow({ where: { actionType: "DELETE", targetId: user.user.id } });
    expect(entry.details).toEqual({ email: user.user.email, apiKeysRevoked: 1, actorUserId: admin.user.id });
  });

  it("answers 404 for unknown ids", async () => {
    const admin = await setupAdmin();
    const ghost = "00000000-0000-4000-8000-000000000000";
    expect((await api("GET", `/v1/users/${ghost}`, { token: admin.token })).status).toBe(404);
    expect((await api("PUT", `/v1/users/${ghost}`, { token: admin.token, body: { first_name: "X" } })).status).toBe(404);
    expect((await api("DELETE", `/v1/users/${ghost}`, { token: admin.token })).status).toBe(404);
  });

  it("keeps the last remaining user (409), even when the last two are deleted at once", async () => {
    const admin = await setupAdmin();
    const last = await api("DELETE", `/v1/users/${admin.user.id}`, { token: admin.token });
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/last remaining user/);
    const other = await createUserWithRole(admin.token, "predefined_super_admin");
    const results = await Promise.all([
      api("DELETE", `/v1/users/${admin.user.id}`, { token: admin.token }),
      api("DELETE", `/v1/users/${other.user.id}`, { token: admin.token }),
    ]);
    // The loser answers 409, or 401 when the winner deleted its caller first: never two deletions.
    expect(results.filter((result) => result.status === 204)).toHaveLength(1);
    expect(results.map((result) => result.status).every((status) => [204, 401, 409].includes(status))).toBe(true);
    expect(await db().user.count()).toBe(1);
  });

  it("enforces permissions: read:users reads, only manage:users (manage:all) writes; 401 without credentials", async () => {
    const admin = await setupAdmin();
    const auditor = await createUserWithRole(admin.token, "predefined_auditor");
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    expect((await api("GET", "/v1/users", { token: auditor.token })).status).toBe(200);
    expect((await api("GET", `/v1/users/${admin.user.id}`, { token: auditor.token })).status).toBe(200);
    expect((await api("GET", "/v1/users", { token: reader.token })).status).toBe(403);
    expect((await api("GET", `/v1/users/${admin.user.id}`, { token: reader.token })).status).toBe(403);
    const forbidden = await api("POST", "/v1/users", { token: auditor.token, body: newUser });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ status: "error", statusCode: 403, message: expect.stringContaining("manage:users"), errors: null });
    expect((await api("PUT", `/v1/users/${admin.user.id}`, { token: auditor.token, body: { first_name: "X" } })).status).toBe(403);
    expect((await api("DELETE", `/v1/users/${admin.user.id}`, { token: auditor.token })).status).toBe(403);
    for (const [method, path] of [
      ["GET", "/v1/users"],
      ["POST", "/v1/users"],
      ["GET", `/v1/users/${admin.user.id}`],
      ["PUT", `/v1/users/${admin.user.id}`],
      ["DELETE", `/v1/users/${admin.user.id}`],
      ["GET", "/v1/users/profile"],
      ["PATCH", "/v1/users/profile"],
      ["POST", "/v1/users/profile/password"],
    ] as const) {
      expect((await api(method, path, { body: {} })).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("profile", () => {
  it("reads and updates the caller's own profile, whatever their role", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, null);
    const profile = await api("GET", "/v1/users/profile", { token: reader.token });
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(reader.user.id);
    const patched = await api("PATCH", "/v1/users/profile", { token: reader.token, body: { last_name: "Changed" } });
    expect(patched.status).toBe(200);
    expect(patched.body.last_name).toBe("Changed");
    expect((await api("PATCH", "/v1/users/profile", { token: reader.token, body: { roleId: admin.user.role!.id } })).status).toBe(422);
    expect(
      (
        await api("PATCH", "/v1/users/profile", {
          token: reader.token,
          body: { email: "ADMIN@example.com", currentPassword: reader.password },
        })
      ).status,
    ).toBe(409);
    expect((await api("PATCH", "/v1/users/profile", { token: reader.token, body: {} })).status).toBe(422);
    const entry = await db().auditLog.findFirstOrThrow({ where: { actionType: "UPDATE", targetId: reader.user.id } });
    expect(entry).toMatchObject({ actorIdentifier: reader.user.email, details: { changes: { last_name: "Changed" }, profile: true } });
  });

  it("changes the password after verifying the current one", async () => {
    const admin = await setupAdmin();
    const wrong = await api("POST", "/v1/users/profile/password", {
      token: admin.token,
      body: { currentPassword: "not-it-at-all", newPassword: "brand-new-password" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ field: "currentPassword", message: expect.any(String) }]);
    const tooShort = await api("POST", "/v1/users/profile/password", {
      token: admin.token,
      body: { currentPassword: admin.password, newPassword: "short" },
    });
    expect(tooShort.status).toBe(422);
    const ok = await api("POST", "/v1/users/profile/password", {
      token: admin.token,
      body: { currentPassword: admin.password, newPassword: "brand-new-password" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: expect.any(String) });
    expect((await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: admin.password } })).status).toBe(401);
    const fresh = await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "brand-new-password" } });
    expect(fresh.status).toBe(200);
    const entry = await db().auditLog.findFirstOrThrow({ where: { actionType: "UPDATE", targetId: admin.user.id } });
    expect(entry.details).toEqual({ passwordChanged: true, actorUserId: admin.user.id });
    // The change ended the token that made it.
    expect((await api("POST", "/v1/users/profile/password", { token: admin.token, body: { currentPassword: "x" } })).status).toBe(401);
    expect(
      (await api("POST", "/v1/users/profile/password", { token: fresh.body.accessToken, body: { currentPassword: "x" } })).status,
    ).toBe(422);
  });

  it("refuses profile and password changes in demo mode with 403", async () => {
    const admin = await setupAdmin();
    await withEnv({ DEMO_MODE: "true" }, async () => {
      const patch = await api("PATCH", "/v1/users/profile", { token: admin.token, body: { last_name: "X" } });
      expect(patch.status).toBe(403);
      expect(patch.body.message).toMatch(/demo mode/);
      const password = await api("POST", "/v1/users/profile/password", {
        token: admin.token,
        body: { currentPassword: admin.password, newPassword: "brand-new-password" },
      });
      expect(password.status).toBe(403);
      expect((await api("GET", "/v1/users/profile", { token: admin.token })).status).toBe(200);
    });
  });
});
