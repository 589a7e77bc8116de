import { authenticator } from "otplib";
import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";
import { db } from "../../platform/db/client";
import { SINGLE_SIGN_ON_CLAIM } from "./access-tokens";
import { MFA_ENROLMENT_REQUIRED_MESSAGE } from "./mfa/mfa-enrolment";

useEmptyDatabasePerTest();

async function requireMfa(token: string, mfaRequired: "off" | "everyone" | "admins"): Promise<void> {
  const response = await api("PUT", "/v1/settings", { token, body: { mfaRequired } });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({
    deletionEnabled: false,
    mfaRequired,
    nearDuplicateThreshold: 80,
    ignorePatterns: [],
    phraseIndex: false,
  });
}

/** Enrols the user; enabling ends their earlier tokens, so they sign in again with password and code. */
async function enrol(user: TestUser): Promise<void> {
  const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: user.token });
  expect(setup.status).toBe(200);
  const enabled = await api("POST", "/v1/auth/mfa/totp/enable", {
    token: user.token,
    body: { code: authenticator.generate(setup.body.secret) },
  });
  expect(enabled.status).toBe(200);
  const passwordStep = await api("POST", "/v1/auth/login", { body: { email: user.user.email, password: user.password } });
  const code = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(setup.body.secret);
  const signedIn = await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: passwordStep.body.mfaToken, code } });
  expect(signedIn.status).toBe(200);
  user.token = signedIn.body.accessToken;
}

/** An ordinary request of each transport: REST GET /v1/auth/me's neighbour /v1/users/profile, and tRPC account.apiKeys. */
async function ordinaryRequests(user: TestUser): Promise<number[]> {
  const rest = await api("GET", "/v1/users/profile", { token: user.token });
  if (rest.status === 403)
    expect(rest.body).toEqual({ status: "error", statusCode: 403, message: MFA_ENROLMENT_REQUIRED_MESSAGE, errors: null });
  const trpc = await trpcHttp("account.apiKeys", undefined, { authorization: `Bearer ${user.token}` });
  if (trpc.status === 403) expect(JSON.stringify(await trpc.json())).toContain(MFA_ENROLMENT_REQUIRED_MESSAGE);
  return [rest.status, trpc.status];
}

describe("the mfaRequired setting", () => {
  it("defaults to off; PUT changes it with an audit entry; an unknown value is 422", async () => {
    const admin = await setupAdmin();
    expect((await api("GET", "/v1/settings", { token: admin.token })).body).toEqual({
      deletionEnabled: false,
      mfaRequired: "off",
      nearDuplicateThreshold: 80,
      ignorePatterns: [],
      phraseIndex: false,
    });
    const invalid = await api("PUT", "/v1/settings", { token: admin.token, body: { mfaRequired: "sometimes" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].field).toBe("mfaRequired");
    await enrol(admin);
    await requireMfa(admin.token, "admins");
    const entry = await db().auditLog.findFirstOrThrow({ where: { targetType: "Settings" }, orderBy: { id: "desc" } });
    expect(entry).toMatchObject({ actionType: "UPDATE", actorIdentifier: admin.user.email });
    expect(entry.details).toMatchObject({ changes: { mfaRequired: { from: "off", to: "admins" } } });
    expect((await api("GET", "/v1/settings", { token: admin.token })).body.mfaRequired).toBe("admins");
  });

  it("required for administrators: an unenrolled admin may only enrol (REST and tRPC 403 otherwise), a viewer is not affected", async () => {
    const admin = await setupAdmin();
    const unenrolled = await createUserWithRole(admin.token, "predefined_super_admin");
    const viewer = await createUserWithRole(admin.token, "predefined_read_only");
    await enrol(admin);
    await requireMfa(admin.token, "admins");

    expect(await ordinaryRequests(unenrolled)).toEqual([403, 403]);
    expect((await api("GET", "/v1/users", { token: unenrolled.token })).status).toBe(403);
    expect((await trpcHttp("users.list", undefined, { authorization: `Bearer ${unenrolled.token}` })).status).toBe(403);
    expect(await ordinaryRequests(viewer)).toEqual([200, 200]);
    expect(await ordinaryRequests(admin)).toEqual([200, 200]);

    // What enrolment needs stays open: who am I, setup, enable (REST and tRPC, token and UI session).
    expect((await api("GET", "/v1/auth/me", { token: unenrolled.token })).status).toBe(200);
    const bearer = { authorization: `Bearer ${unenrolled.token}` };
    expect((await trpcHttp("account.me", undefined, bearer)).status).toBe(200);
    expect((await trpcHttp("account.mfaStatus", undefined, bearer)).status).toBe(200);
    const session = uiHeaders(await sessionCookieFor(unenrolled.user.id, unenrolled.user.email));
    expect((await trpcHttp("users.list", undefined, session)).status).toBe(403);
    const setup = await trpcHttp("account.setupTotp", undefined, session);
    expect(setup.status).toBe(200);
    const { secret } = ((await setup.json()) as { result: { data: { secret: string } } }).result.data;
    const enabled = await trpcHttp("account.enableTotp", { code: authenticator.generate(secret) }, session);
    expect(enabled.status).toBe(200);

    // Enrolled: the UI session that enabled it goes on (its cookie re-issued), without signing in again;
    // every earlier session and token of the user ends.
    const renewed = /^(next-auth\.session-token=[^;]+)/.exec(enabled.headers.get("set-cookie") ?? "")?.[1];
    expect(renewed).toBeTruthy();
    expect((await trpcHttp("users.list", undefined, uiHeaders(renewed!))).status).toBe(200);
    expect((await trpcHttp("users.list", undefined, session)).status).toBe(401);
    expect((await api("GET", "/v1/users", { token: unenrolled.token })).status).toBe(401);
  });

  it("required for everyone: a viewer is blocked until enrolled; off again lifts it", async () => {
    const admin = await setupAdmin();
    const viewer = await createUserWithRole(admin.token, "predefined_read_only");
    await enrol(admin);
    await requireMfa(admin.token, "everyone");
    expect(await ordinaryRequests(viewer)).toEqual([403, 403]);
    expect(await ordinaryRequests(admin)).toEqual([200, 200]);
    await enrol(viewer);
    expect(await ordinaryRequests(viewer)).toEqual([200, 200]);

    const other = await createUserWithRole(admin.token, null);
    expect(await ordinaryRequests(other)).toEqual([403, 403]);
    await requireMfa(admin.token, "off");
    expect(await ordinaryRequests(other)).toEqual([200, 200]);
  });

  it("exempt: API keys and single sign-on sessions; a password session is held to the rule in tRPC and the UI's routes", async () => {
    const admin = await setupAdmin();
    const unenrolled = await createUserWithRole(admin.token, "predefined_super_admin", { apiKey: true });
    const email = await createUserWithRole(admin.token, "predefined_read_only");
    await enrol(admin);
    await requireMfa(admin.token, "everyone");

    expect((await api("GET", "/v1/users", { apiKey: unenrolled.apiKey })).status).toBe(200);
    expect((await trpcHttp("users.list", undefined, { "x-api-key": unenrolled.apiKey! })).status).toBe(200);

    const passwordSession = uiHeaders(await sessionCookieFor(unenrolled.user.id, unenrolled.user.email));
    const ssoSession = uiHeaders(await sessionCookieFor(unenrolled.user.id, unenrolled.user.email, { [SINGLE_SIGN_ON_CLAIM]: true }));
    expect((await trpcHttp("users.list", undefined, passwordSession)).status).toBe(403);
    expect((await trpcHttp("account.mfaStatus", undefined, passwordSession)).status).toBe(200);
    expect((await trpcHttp("users.list", undefined, ssoSession)).status).toBe(200);

    // The UI's session-cookie download route refuses the password session before looking anything up.
    const raw = `/api/ui/emails/${email.user.id}/raw`;
    expect((await api("GET", raw, { headers: passwordSession })).status).toBe(403);
    expect((await api("GET", raw, { headers: ssoSession })).status).toBe(404);
  });
});
