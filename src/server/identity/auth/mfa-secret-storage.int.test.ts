import { authenticator } from "otplib";
import { describe, expect, it } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { awayFromStepEnd, codeAt, enrol, passwordStep } from "@tests/helpers/mfa";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { decryptSecret } from "../../platform/config/encryption";
import { db } from "../../platform/db/client";
import { prepareDatabase } from "../../installation/system/prepare-database";

/** Item 9 of issue 34: a copy of the users table (a dump, a backup) does not hand out anyone's second factor. */
useEmptyDatabasePerTest();

/** The totp_secret column exactly as PostgreSQL holds it (what a dump or a backup's users table carries). */
async function storedSecret(userId: string): Promise<string | null> {
  const [row] = await db().$queryRaw<{ totp_secret: string | null }[]>`SELECT totp_secret FROM users WHERE id = ${userId}::uuid`;
  return row.totp_secret;
}

async function signInWithCode(user: TestUser, code: string) {
  const first = await passwordStep(user);
  expect(first.body.mfaRequired).toBe(true);
  return api("POST", "/v1/auth/login/mfa", { body: { mfaToken: first.body.mfaToken, code } });
}

describe("TOTP secrets at rest", () => {
  it("are stored sealed with the installation key, never in plain text, from setup on; sign-in with TOTP works", async () => {
    const admin = await setupAdmin();
    const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: admin.token });
    const pending = await storedSecret(admin.user.id);
    expect(pending).not.toContain(setup.body.secret);
    expect(pending).toMatch(/^v1:/);
    expect(decryptSecret(pending!)).toBe(setup.body.secret);
    await awayFromStepEnd();
    expect(
      (await api("POST", "/v1/auth/mfa/totp/enable", { token: admin.token, body: { code: codeAt(setup.body.secret, -1) } })).status,
    ).toBe(200);
    const enabled = await storedSecret(admin.user.id);
    expect(enabled).not.toContain(setup.body.secret);
    expect(decryptSecret(enabled!)).toBe(setup.body.secret);
    const signedIn = await signInWithCode(admin, authenticator.generate(setup.body.secret));
    expect(signedIn.status, signedIn.text).toBe(200);
    // Disabling with a code of the sealed secret works too, and leaves nothing behind.
    const disabled = await api("POST", "/v1/auth/mfa/disable", {
      token: signedIn.body.accessToken,
      body: { password: admin.password, code: codeAt(setup.body.secret, 1) },
    });
    expect(disabled.status, disabled.text).toBe(200);
    expect(await storedSecret(admin.user.id)).toBeNull();
  });

  it("a secret stored in plain text before sealing still signs in, and every start seals it (prepareDatabase)", async () => {
    const admin = await setupAdmin();
    const { secret } = await enrol(admin);
    // As an installation of an earlier version (or a restore of its backup) left it.
    await db().$executeRaw`UPDATE users SET totp_secret = ${secret} WHERE id = ${admin.user.id}::uuid`;
    expect((await signInWithCode(admin, authenticator.generate(secret))).status).toBe(200);

    await prepareDatabase();
    const sealed = await storedSecret(admin.user.id);
    expect(sealed).not.toContain(secret);
    expect(decryptSecret(sealed!)).toBe(secret);
    expect((await signInWithCode(admin, codeAt(secret, 1))).status).toBe(200);
    // Sealed values are left as they are by a later start.
    await prepareDatabase();
    expect(await storedSecret(admin.user.id)).toBe(sealed);
  });
});
