import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { authenticator } from "otplib";
import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { api, type ApiResponse } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { db } from "../../platform/db/client";

useEmptyDatabasePerTest();

/**
 * Re-authentication (issue 34, item 7): every check of a signed-in user's current password is a
 * login attempt, throttled by the login throttle and audited with the real actor. The class is
 * walked twice: in the source (every caller of the password verification is known here) and over
 * the wire (each re-authenticating operation blocks after the login limit and audits every guess).
 */

const SRC = path.resolve(__dirname, "..", "..", "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The source files (relative to src/) that call `name(`, other than where it is defined. */
function callersOf(name: string): string[] {
  const call = new RegExp(`(?<![\\w.])${name}\\(`);
  const definition = new RegExp(`function ${name}\\(`);
  return sourceFiles(SRC)
    .filter((file) => {
      const text = readFileSync(file, "utf8");
      return call.test(text.replace(new RegExp(definition.source, "g"), ""));
    })
    .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
    .sort();
}

const LIMIT = 10;
const enrolCode = (secret: string) => authenticator.clone({ epoch: Date.now() - 30_000 }).generate(secret);

interface Reauthentication {
  purpose: string;
  /** Prepares the user (e.g. enrols two-factor) and answers how to send one attempt with a password. */
  prepare(user: TestUser): Promise<(credential: { apiKey: string }, password: string) => Promise<ApiResponse>>;
}

/** Every use case that checks a current password, by the file that calls assertCurrentPassword. */
const REAUTHENTICATIONS: Record<string, Reauthentication> = {
  "server/identity/users/change-password.ts": {
    purpose: "change_password",
    prepare: async () => (credential, password) =>
      api("POST", "/v1/users/profile/password", { ...credential, body: { currentPassword: password, newPassword: "a-new-password-1" } }),
  },
  "server/identity/users/update-user.ts": {
    purpose: "change_email",
    prepare: async () => (credential, password) =>
      api("PATCH", "/v1/users/profile", { ...credential, body: { email: "renamed@example.com", currentPassword: password } }),
  },
  "server/identity/auth/mfa/disable-mfa.ts": {
    purpose: "disable_mfa",
    prepare: async (user) => {
      const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: user.token });
      const enabled = await api("POST", "/v1/auth/mfa/totp/enable", { token: user.token, body: { code: enrolCode(setup.body.secret) } });
      expect(enabled.status).toBe(200);
      return (credential, password) =>
        api("POST", "/v1/auth/mfa/disable", { ...credential, body: { password, code: authenticator.generate(setup.body.secret) } });
    },
  },
};

async function reauthenticationEntries(userId: string) {
  return db().auditLog.findMany({ where: { actionType: "REAUTHENTICATE", targetId: userId }, orderBy: { id: "asc" } });
}

describe("every check of a current password is throttled like a login and audited", () => {
  it("the password is verified only by the login's check and by assertCurrentPassword, whose callers are all walked below", () => {
    expect(callersOf("verifyPassword")).toEqual([
      "server/identity/auth/check-password.ts",
      "server/identity/users/assert-current-password.ts",
    ]);
    expect(callersOf("checkPassword")).toEqual(["server/identity/auth/login.ts"]);
    expect(callersOf("assertCurrentPassword")).toEqual(Object.keys(REAUTHENTICATIONS).sort());
  });

  for (const [file, operation] of Object.entries(REAUTHENTICATIONS)) {
    it(`${file} (${operation.purpose}): blocks after ${LIMIT} wrong guesses with 429 and Retry-After, login too, and audits each with the real actor`, async () => {
      const admin = await setupAdmin();
      const user = await createUserWithRole(admin.token, "predefined_read_only", { email: "victim@example.com", apiKey: true });
      const attempt = await operation.prepare(user);
      const apiKey = user.apiKey!;
      const keyId = (await db().apiKey.findFirstOrThrow({ where: { userId: user.user.id } })).id;
      for (let guess = 0; guess < LIMIT; guess++) {
        const wrong = await attempt({ apiKey }, `wrong-guess-${guess}`);
        expect(wrong.status).toBe(422);
      }
      const blocked = await attempt({ apiKey }, user.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(blocked.body).toMatchObject({ status: "error", statusCode: 429, errors: null });
      // The same throttle as login: the account is locked for password sign-in as well.
      expect((await api("POST", "/v1/auth/login", { body: { email: user.user.email, password: user.password } })).status).toBe(429);

      const entries = await reauthenticationEntries(user.user.id);
      expect(entries.map((entry) => (entry.details as { reason: string }).reason)).toEqual([
        ...Array<string>(LIMIT).fill("wrong_password"),
        "rate_limited",
      ]);
      for (const entry of entries) {
        expect(entry.actorIdentifier).toBe("victim@example.com");
        expect(entry.details).toMatchObject({
          success: false,
          purpose: operation.purpose,
          actorUserId: user.user.id,
          actorApiKeyId: keyId,
        });
      }
      expect(JSON.stringify(entries.map((entry) => entry.details))).not.toContain("wrong-guess");
      expect((await db().user.findUniqueOrThrow({ where: { id: user.user.id } })).email).toBe("victim@example.com");
    });
  }

  it("regression: 30 password guesses through a stolen API key verify only 10 passwords, and all 30 are audited", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, null, { email: "victim@example.com", apiKey: true });
    const statuses: number[] = [];
    for (let guess = 0; guess < 30; guess++) {
      const answer = await api("POST", "/v1/users/profile/password", {
        apiKey: user.apiKey!,
        ip: "203.0.113.7",
        body: { currentPassword: guess === 29 ? user.password : `guess-${guess}`, newPassword: "attacker-password-1" },
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMIT);
    expect(statuses.at(-1)).toBe(429);
    const entries = await reauthenticationEntries(user.user.id);
    expect(entries).toHaveLength(30);
    expect(entries.every((entry) => entry.actorIp === "203.0.113.7")).toBe(true);
    // The password is unchanged: the owner still signs in with it once the block is lifted.
    await db().loginThrottle.deleteMany();
    expect((await api("POST", "/v1/auth/login", { body: { email: user.user.email, password: user.password } })).status).toBe(200);
  });

  it("a right password gives its slot back but never clears the failures counted before it", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, null, { email: "victim@example.com", apiKey: true });
    for (let guess = 0; guess < LIMIT - 1; guess++) {
      const wrong = await api("PATCH", "/v1/users/profile", {
        apiKey: user.apiKey!,
        body: { email: "x@example.com", currentPassword: `guess-${guess}` },
      });
      expect(wrong.status).toBe(422);
    }
    const right = await api("PATCH", "/v1/users/profile", {
      apiKey: user.apiKey!,
      body: { email: "v2@example.com", currentPassword: user.password },
    });
    expect(right.status).toBe(200);
    const throttle = await db().loginThrottle.findUniqueOrThrow({ where: { key: "account:victim@example.com" } });
    expect(throttle.failures).toBe(LIMIT - 1);
  });

  it("a wrong code when turning two-factor off counts like a wrong password", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, null, { email: "victim@example.com", apiKey: true });
    const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: user.token });
    await api("POST", "/v1/auth/mfa/totp/enable", { token: user.token, body: { code: enrolCode(setup.body.secret) } });
    const statuses: number[] = [];
    for (let guess = 0; guess <= LIMIT; guess++) {
      const answer = await api("POST", "/v1/auth/mfa/disable", {
        apiKey: user.apiKey!,
        body: { password: user.password, code: String(100000 + guess) },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(422), 429]);
    const entries = await reauthenticationEntries(user.user.id);
    expect(entries.slice(0, LIMIT).every((entry) => (entry.details as { reason: string }).reason === "wrong_mfa_code")).toBe(true);
  });
});
