import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../src/server/platform/db/client";
import { authOptions, RATE_LIMITED_SIGN_IN, SIGN_IN_FAILED } from "../../src/server/identity/auth/session/auth-options";
import { ADMIN_PASSWORD, setupAdmin } from "../helpers/auth";

/**
 * next-auth shows the message of whatever `authorize` throws on the sign-in page. A NUL in the
 * email used to show Prisma's error text there; now hostile credentials are a failed sign-in and
 * any other failure (here a real database error) is our own sentence.
 */
type Authorize = (credentials: Record<string, string>, request: { headers: Record<string, string> }) => Promise<unknown>;
const authorize = (authOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;
const request = { headers: { "x-archive-client-ip": "192.0.2.7" } };
const DATABASE_TEXT = "relation secret_internal_table is corrupt";

const loginAuditCount = async () => db().auditLog.count({ where: { actionType: "LOGIN" } });

beforeAll(async () => {
  await setupAdmin();
});

afterEach(async () => {
  await db().$executeRawUnsafe("DROP TRIGGER IF EXISTS fail_login_throttles ON login_throttles");
});

describe("sign-in errors never show database text", () => {
  it.each([
    { email: "admin\u0000@example.com", password: ADMIN_PASSWORD },
    { email: "admin\uD800@example.com", password: ADMIN_PASSWORD },
    { email: "admin@example.com", password: "pass\u0000word" },
    { email: "\u0000", password: "\uDC00" },
  ])("%j is a failed sign-in (next-auth's CredentialsSignin) without a lookup or an audit entry", async (credentials) => {
    const before = await loginAuditCount();
    await expect(authorize(credentials, request)).resolves.toBeNull();
    expect(await loginAuditCount()).toBe(before);
  });

  it("a database failure during sign-in reaches the user as our generic sentence", async () => {
    await db().$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION fail_login() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${DATABASE_TEXT}'; END $$`,
    );
    await db().$executeRawUnsafe(
      "CREATE TRIGGER fail_login_throttles BEFORE INSERT OR UPDATE ON login_throttles FOR EACH ROW EXECUTE FUNCTION fail_login()",
    );
    const error = await authorize({ email: "admin@example.com", password: "wrong-password" }, request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(SIGN_IN_FAILED);
  });

  it("a throttled sign-in keeps its own sentence", async () => {
    let message = "";
    for (let attempt = 0; attempt < 30 && !message; attempt++) {
      await authorize({ email: "admin@example.com", password: "wrong-password" }, request).catch(
        (caught: Error) => (message = caught.message),
      );
    }
    expect(message).toBe(RATE_LIMITED_SIGN_IN);
  });
});
