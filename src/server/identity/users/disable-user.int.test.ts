import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";
import { db } from "../../platform/db/client";
import { abilityFor } from "../authz/ability";
import { updateUser } from "./update-user";

useEmptyDatabasePerTest();

describe("disabled users", () => {
  it("a disabled user cannot sign in and their tokens, sessions and API keys get 401; re-enabling restores sign-in and keys", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_read_only", { apiKey: true });
    const cookie = await sessionCookieFor(user.user.id, user.user.email);

    const disabled = await api("PUT", `/v1/users/${user.user.id}`, { token: admin.token, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);
    expect((await api("GET", `/v1/users/${user.user.id}`, { token: admin.token })).body.disabled).toBe(true);

    expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(401);
    expect((await api("GET", "/v1/auth/me", { apiKey: user.apiKey })).status).toBe(401);
    expect((await trpcHttp("account.me", undefined, uiHeaders(cookie))).status).toBe(401);
    const refused = await api("POST", "/v1/auth/login", { body: { email: user.user.email, password: user.password } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe("This account is disabled");

    const enabled = await api("PUT", `/v1/users/${user.user.id}`, { token: admin.token, body: { disabled: false } });
    expect(enabled.body.disabled).toBe(false);
    // Disabling ended the sessions for good; the key works again; signing in works again.
    expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(401);
    expect((await api("GET", "/v1/auth/me", { apiKey: user.apiKey })).status).toBe(200);
    expect((await api("POST", "/v1/auth/login", { body: { email: user.user.email, password: user.password } })).status).toBe(200);

    const entries = await db().auditLog.findMany({ where: { targetId: user.user.id }, orderBy: { id: "asc" } });
    expect(entries.map((entry) => [entry.actionType, entry.details])).toEqual(
      expect.arrayContaining([
        ["UPDATE", { changes: { disabled: true }, actorUserId: admin.user.id }],
        ["REVOKE_SESSIONS", { reason: "user_disabled", actorUserId: admin.user.id }],
        ["LOGIN", { success: false, reason: "account_disabled" }],
        ["UPDATE", { changes: { disabled: false }, actorUserId: admin.user.id }],
      ]),
    );
  });

  it("the last active administrator cannot be disabled (409), another one can", async () => {
    const admin = await setupAdmin();
    const refused = await api("PUT", `/v1/users/${admin.user.id}`, { token: admin.token, body: { disabled: true } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("The last active administrator cannot be disabled");
    const second = await createUserWithRole(admin.token, "predefined_super_admin");
    expect((await api("PUT", `/v1/users/${second.user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
    // The second is disabled: the first is the last active one again.
    expect((await api("PUT", `/v1/users/${admin.user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(409);
    expect((await api("PUT", `/v1/users/${second.user.id}`, { token: admin.token, body: { disabled: false } })).status).toBe(200);
    expect((await api("PUT", `/v1/users/${admin.user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
  });

  it("two administrators disabling each other at once: exactly one succeeds", async () => {
    const admin = await setupAdmin();
    const second = await createUserWithRole(admin.token, "predefined_super_admin");
    // Called directly: through REST, the loser's own token could already be refused (401) before its check runs.
    const actor = { identifier: "test", ip: "127.0.0.1" };
    const grantor = abilityFor([{ action: "manage", subject: "all", conditions: {} }]);
    const results = await Promise.allSettled([
      updateUser({ actor, grantor, id: second.user.id, input: { disabled: true } }),
      updateUser({ actor, grantor, id: admin.user.id, input: { disabled: true } }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
  });

  it("validates the field (422) and keeps the other PUT error codes", async () => {
    const admin = await setupAdmin();
    const auditor = await createUserWithRole(admin.token, "predefined_auditor");
    const bad = await api("PUT", `/v1/users/${auditor.user.id}`, { token: admin.token, body: { disabled: "yes" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: "disabled" })]);
    expect((await api("PUT", `/v1/users/${admin.user.id}`, { token: auditor.token, body: { disabled: true } })).status).toBe(403);
    expect((await api("PUT", `/v1/users/${admin.user.id}`, { body: { disabled: true } })).status).toBe(401);
    expect(
      (await api("PUT", "/v1/users/00000000-0000-4000-8000-000000000000", { token: admin.token, body: { disabled: true } })).status,
    ).toBe(404);
  });
});
