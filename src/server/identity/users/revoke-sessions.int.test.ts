import { describe, expect, it } from "vitest";
import { createApiKeyFor, createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";
import { SESSION_VERSION_CLAIM } from "../auth/access-tokens";
import { db, transaction } from "../../platform/db/client";
import { authOptions } from "../auth/session/auth-options";
import { revokeUserSessions } from "./revoke-user-sessions";

useEmptyDatabasePerTest();

const login = (email: string, password: string) => api("POST", "/v1/auth/login", { body: { email, password } });

describe("revoking a user's sessions", () => {
  it("POST /v1/users/{id}/revoke-sessions ends the user's tokens and UI sessions at once, keeps API keys, and is audited", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_read_only");
    const key = await createApiKeyFor(user.token);
    const cookie = await sessionCookieFor(user.user.id, user.user.email);
    expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(200);
    expect((await trpcHttp("account.me", undefined, uiHeaders(cookie))).status).toBe(200);

    const revoked = await api("POST", `/v1/users/${user.user.id}/revoke-sessions`, { token: admin.token });
    expect(revoked.status).toBe(204);

    expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(401);
    expect((await trpcHttp("account.me", undefined, uiHeaders(cookie))).status).toBe(401);
    expect((await api("GET", "/v1/auth/me", { apiKey: key.key })).status).toBe(200);
    expect((await api("GET", "/v1/auth/me", { token: admin.token })).status).toBe(200);
    const fresh = await login(user.user.email, user.password);
    expect((await api("GET", "/v1/auth/me", { token: fresh.body.accessToken })).status).toBe(200);

    const entry = await db().auditLog.findFirstOrThrow({ where: { actionType: "REVOKE_SESSIONS", targetId: user.user.id } });
    expect(entry.details).toEqual({ reason: "administrator", actorUserId: admin.user.id });
  });

  it("answers 401 without credentials, 403 without manage:all, 404 for an unknown user and 422 for a malformed id", async () => {
    const admin = await setupAdmin();
    const auditor = await createUserWithRole(admin.token, "predefined_auditor");
    const path = `/v1/users/${auditor.user.id}/revoke-sessions`;
    expect((await api("POST", path)).status).toBe(401);
    expect((await api("POST", path, { token: auditor.token })).status).toBe(403);
    expect((await api("POST", "/v1/users/00000000-0000-4000-8000-000000000000/revoke-sessions", { token: admin.token })).status).toBe(404);
    expect((await api("POST", "/v1/users/not-a-uuid/revoke-sessions", { token: admin.token })).status).toBe(422);
    expect((await api("GET", path, { token: admin.token })).status).toBe(405);
  });

  it("a password change ends every token of the user, the one used for it included", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_read_only");
    const other = await login(user.user.email, user.password);
    const changed = await api("POST", "/v1/users/profile/password", {
      token: user.token,
      body: { currentPassword: user.password, newPassword: "a-new-password-456" },
    });
    expect(changed.status).toBe(200);
    expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(401);
    expect((await api("GET", "/v1/auth/me", { token: other.body.accessToken })).status).toBe(401);
    const entry = await db().auditLog.findFirstOrThrow({ where: { actionType: "REVOKE_SESSIONS", targetId: user.user.id } });
    expect(entry.details).toMatchObject({ reason: "password_changed" });
  });

  it("runs inside the caller's transaction: rolled back with it", async () => {
    const admin = await setupAdmin();
    await expect(
      transaction(async (tx) => {
        await revokeUserSessions({
          actor: { identifier: "test", ip: "127.0.0.1" },
          userId: admin.user.id,
          reason: "administrator",
          client: tx,
        });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await api("GET", "/v1/auth/me", { token: admin.token })).status).toBe(200);
    expect(await db().auditLog.count({ where: { actionType: "REVOKE_SESSIONS" } })).toBe(0);
  });

  it("the UI session carries the session version the user had at sign-in", async () => {
    const admin = await setupAdmin();
    await revokeUserSessions({ actor: { identifier: "test", ip: "127.0.0.1" }, userId: admin.user.id, reason: "administrator" });
    const jwt = authOptions().callbacks!.jwt!;
    const token = await jwt({ token: { sub: admin.user.id }, user: { id: admin.user.id, sessionVersion: 1 } as never, account: null });
    expect(token[SESSION_VERSION_CLAIM]).toBe(1);
  });

  it("the tRPC users.revokeSessions procedure does the same, for manage:all only", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_auditor");
    const userCookie = await sessionCookieFor(user.user.id, user.user.email);
    expect((await trpcHttp("users.revokeSessions", { id: admin.user.id }, uiHeaders(userCookie))).status).toBe(403);
    const adminCookie = await sessionCookieFor(admin.user.id, admin.user.email);
    expect((await trpcHttp("users.revokeSessions", { id: user.user.id }, uiHeaders(adminCookie))).status).toBe(200);
    expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(401);
  });
});
