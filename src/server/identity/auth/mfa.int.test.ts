import { authenticator } from "otplib";
import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { codeAt, enrol, passwordStep } from "@tests/helpers/mfa";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { db } from "../../platform/db/client";
import { authOptions } from "./session/auth-options";
import { MFA_REQUIRED_PREFIX } from "./mfa/mfa.schemas";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

describe("TOTP two-factor authentication", () => {
  it("setup answers a secret and otpauth URL; enable checks a code and answers ten recovery codes stored hashed", async () => {
    const admin = await setupAdmin();
    const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: admin.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Mail%20Archive:admin%40example.com?secret=${setup.body.secret}&period=30&digits=6&algorithm=SHA1&issuer=Mail%20Archive`,
    );

    const wrong = await api("POST", "/v1/auth/mfa/totp/enable", { token: admin.token, body: { code: "000000" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ field: "code", message: "the code is not valid" }]);
    expect((await api("POST", "/v1/auth/mfa/totp/enable", { token: admin.token, body: { code: "12ab" } })).status).toBe(422);

    const enabled = await api("POST", "/v1/auth/mfa/totp/enable", {
      token: admin.token,
      body: { code: authenticator.generate(setup.body.secret) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    const stored = await db().mfaRecoveryCode.findMany({ where: { userId: admin.user.id } });
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(enabled.body.recoveryCodes[0]);

    // Enabling ends the sessions opened without the second factor, the bearer token that enabled it included.
    expect((await api("GET", "/v1/auth/me", { token: admin.token })).status).toBe(401);
    const signedIn = await api("POST", "/v1/auth/login/mfa", {
      body: { mfaToken: (await passwordStep(admin)).body.mfaToken, code: codeAt(setup.body.secret, 1) },
    });
    const token = signedIn.body.accessToken;
    expect((await api("POST", "/v1/auth/mfa/totp/setup", { token })).status).toBe(409);
    expect((await api("POST", "/v1/auth/mfa/totp/enable", { token, body: { code: codeAt(setup.body.secret, 1) } })).status).toBe(409);
    const actions = await db().auditLog.findMany({
      where: { targetId: admin.user.id, actionType: { startsWith: "MFA_" } },
      orderBy: { id: "asc" },
    });
    expect(actions.map((entry) => entry.actionType)).toEqual(["MFA_SETUP", "MFA_ENABLE"]);
    expect(JSON.stringify(actions.map((entry) => entry.details))).not.toContain(setup.body.secret);
  });

  it("enable before setup is 409; all three endpoints answer 401 without credentials", async () => {
    const admin = await setupAdmin();
    expect((await api("POST", "/v1/auth/mfa/totp/enable", { token: admin.token, body: { code: "123456" } })).status).toBe(409);
    expect((await api("POST", "/v1/auth/mfa/totp/setup")).status).toBe(401);
    expect((await api("POST", "/v1/auth/mfa/totp/enable", { body: { code: "123456" } })).status).toBe(401);
    expect((await api("POST", "/v1/auth/mfa/disable", { body: { password: "x", code: "123456" } })).status).toBe(401);
    expect(
      (await api("POST", "/v1/auth/mfa/disable", { token: admin.token, body: { password: admin.password, code: "123456" } })).status,
    ).toBe(409);
    expect((await api("POST", "/v1/auth/mfa/disable", { token: admin.token, body: { password: admin.password } })).status).toBe(422);
  });

  it("login answers mfaRequired with a single-use token; the code step answers like a login; a code is accepted once", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_read_only");
    const { secret } = await enrol(user);

    const first = await passwordStep(user);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["mfaRequired", "mfaToken"]);
    expect(first.body.mfaRequired).toBe(true);

    const code = authenticator.generate(secret);
    const signedIn = await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: first.body.mfaToken, code } });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body).sort()).toEqual(["accessToken", "expiresAt", "user"]);
    expect((await api("GET", "/v1/auth/me", { token: signedIn.body.accessToken })).status).toBe(200);

    // The token is used up; a fresh one with the same code is a replay.
    expect((await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: first.body.mfaToken, code } })).status).toBe(401);
    const second = await passwordStep(user);
    const replay = await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: second.body.mfaToken, code } });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe("Invalid two-factor code");
    // A wrong code leaves the token for another try.
    expect((await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: second.body.mfaToken, code: codeAt(secret, 1) } })).status).toBe(
      200,
    );

    expect((await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: "unknown", code } })).status).toBe(401);
    expect((await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: second.body.mfaToken } })).status).toBe(422);
    const reasons = (await db().auditLog.findMany({ where: { targetId: user.user.id, actionType: "LOGIN" }, orderBy: { id: "asc" } })).map(
      (entry) => (entry.details as { reason: string }).reason,
    );
    expect(reasons).toEqual(["valid_credentials", "mfa_required", "valid_totp_code", "mfa_required", "wrong_mfa_code", "valid_totp_code"]);
  });

  it("an expired mfaToken is refused", async () => {
    const admin = await setupAdmin();
    const { secret } = await enrol(admin);
    const first = await passwordStep(admin);
    await db().mfaLoginChallenge.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api("POST", "/v1/auth/login/mfa", {
      body: { mfaToken: first.body.mfaToken, code: authenticator.generate(secret) },
    });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("Invalid or expired MFA token; sign in again");
  });

  it("a recovery code signs in once; wrong codes count toward the login throttle (429)", async () => {
    await withEnv({ LOGIN_MAX_ACCOUNT_FAILURES: "3" }, async () => {
      const admin = await setupAdmin();
      const { secret, recoveryCodes } = await enrol(admin);
      const first = await passwordStep(admin);
      const viaRecovery = await api("POST", "/v1/auth/login/mfa", {
        body: { mfaToken: first.body.mfaToken, code: recoveryCodes[0].toLowerCase() },
      });
      expect(viaRecovery.status).toBe(200);
      const second = await passwordStep(admin);
      expect((await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: second.body.mfaToken, code: recoveryCodes[0] } })).status).toBe(
        401,
      );
      expect(await db().mfaRecoveryCode.count()).toBe(9);

      expect((await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: second.body.mfaToken, code: "999999" } })).status).toBe(401);
      // The right password does not clear the count while the code is still owed.
      const third = await passwordStep(admin);
      expect(third.status).toBe(200);
      const blocked = await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: third.body.mfaToken, code: "999998" } });
      expect(blocked.status).toBe(401);
      const locked = await api("POST", "/v1/auth/login/mfa", {
        body: { mfaToken: third.body.mfaToken, code: authenticator.generate(secret) },
      });
      expect(locked.status).toBe(429);
    });
  });

  it("disable needs the password and a code (422 each), turns MFA off and ends the user's sessions", async () => {
    const admin = await setupAdmin();
    const { secret } = await enrol(admin);
    const signIn = await api("POST", "/v1/auth/login/mfa", {
      body: { mfaToken: (await passwordStep(admin)).body.mfaToken, code: authenticator.generate(secret) },
    });
    const token = signIn.body.accessToken;
    const wrongPassword = await api("POST", "/v1/auth/mfa/disable", {
      token,
      body: { password: "wrong-password", code: codeAt(secret, 1) },
    });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors).toEqual([{ field: "password", message: "password is incorrect" }]);
    const wrongCode = await api("POST", "/v1/auth/mfa/disable", { token, body: { password: admin.password, code: "000000" } });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.errors).toEqual([{ field: "code", message: "the code is not valid" }]);

    const disabled = await api("POST", "/v1/auth/mfa/disable", { token, body: { password: admin.password, code: codeAt(secret, 1) } });
    expect(disabled.status).toBe(200);
    expect((await api("GET", "/v1/auth/me", { token })).status).toBe(401);
    const plain = await passwordStep(admin);
    expect(plain.body.accessToken).toBeTruthy();
    expect(await db().mfaRecoveryCode.count()).toBe(0);
    const revoked = await db().auditLog.findMany({ where: { actionType: "REVOKE_SESSIONS" }, orderBy: { id: "asc" } });
    expect(revoked.map((entry) => entry.details)).toMatchObject([{ reason: "mfa_enabled" }, { reason: "mfa_disabled" }]);
  });

  it("the UI's credentials provider asks for the code after the password and then signs in with mfaToken and code", async () => {
    const admin = await setupAdmin();
    const { secret } = await enrol(admin);
    type Authorize = (credentials: Record<string, string>, request: unknown) => Promise<{ id: string } | null>;
    const authorize = (authOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;
    const passwordStep = await authorize({ email: admin.user.email, password: admin.password }, { headers: {} }).catch(
      (error: Error) => error,
    );
    expect(passwordStep).toBeInstanceOf(Error);
    const message = (passwordStep as Error).message;
    expect(message.startsWith(MFA_REQUIRED_PREFIX)).toBe(true);
    const mfaToken = message.slice(MFA_REQUIRED_PREFIX.length);
    expect(await authorize({ mfaToken, code: "000000" }, { headers: {} })).toBeNull();
    expect(await authorize({ mfaToken, code: authenticator.generate(secret) }, { headers: {} })).toMatchObject({
      id: admin.user.id,
      sessionVersion: 1,
    });
  });
});
