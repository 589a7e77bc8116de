import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { api } from "@tests/helpers/rest-client";
import { ADMIN_PASSWORD, createApiKeyFor, createUserWithRole, setupAdmin, setupToken } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { until } from "@tests/helpers/until";
import { connectDedicatedPgClient } from "../../platform/db/pg-pool";
import { authenticate, principalForUser } from "./authenticate";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const errorBody = (statusCode: number) => ({ status: "error", statusCode, message: expect.any(String), errors: null });

describe("POST /v1/auth/setup", () => {
  it("creates the first user as Super Admin once, then answers 409", async () => {
    const token = await setupToken();
    const first = await api("POST", "/v1/auth/setup", {
      body: { email: "Root@Example.com", password: "long-enough", first_name: "R", last_name: "Oot", setupToken: token },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ accessToken: expect.any(String), expiresAt: expect.any(String) });
    expect(first.body.user.role.slug).toBe("predefined_super_admin");
    expect(JSON.stringify(first.body)).not.toContain("argon2");
    const second = await api("POST", "/v1/auth/setup", {
      body: { email: "other@example.com", password: "long-enough", first_name: "O", last_name: "T", setupToken: token },
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(errorBody(409));
    const audit = await db().auditLog.findMany({ where: { actionType: "SETUP" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: "User", targetId: first.body.user.id, actorIdentifier: "Root@Example.com" });
    expect(audit[0].details).toEqual({
      email: "Root@Example.com",
      role: "predefined_super_admin",
      source: "api",
      actorUserId: first.body.user.id,
    });
  });

  it("lets exactly one of several concurrent setups win", async () => {
    const token = await setupToken();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        api("POST", "/v1/auth/setup", {
          body: { email: `racer${index}@example.com`, password: "long-enough", first_name: "R", last_name: "R", setupToken: token },
        }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await db().user.count()).toBe(1);
  });

  it("validates the body (422 with field errors; the setup token is required while no user exists)", async () => {
    const response = await api("POST", "/v1/auth/setup", { body: { email: "nope", password: "short" } });
    expect(response.status).toBe(422);
    expect(response.body.status).toBe("error");
    const fields = response.body.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(["email", "password", "first_name", "last_name"]));
    await setupToken();
    const tokenless = await api("POST", "/v1/auth/setup", {
      body: { email: "first@example.com", password: "long-enough", first_name: "F", last_name: "Irst" },
    });
    expect(tokenless.status).toBe(422);
    expect(tokenless.body.errors).toEqual([{ field: "setupToken", message: expect.stringContaining("setup token") }]);
    expect(await db().user.count()).toBe(0);
  });

  it("answers 409 once a user exists, with or without a setup token (the interface's contract; issue 48)", async () => {
    await setupAdmin();
    const body = { email: "late@example.com", password: "long-enough", first_name: "L", last_name: "Ate" };
    const tokenless = await api("POST", "/v1/auth/setup", { body });
    expect(tokenless.status).toBe(409);
    expect(tokenless.body).toEqual(errorBody(409));
    expect((await api("POST", "/v1/auth/setup", { body: { ...body, setupToken: "whatever" } })).status).toBe(409);
    expect(await db().user.count({ where: { email: "late@example.com" } })).toBe(0);
  });

  it("refuses a setup without a token the server issued (403), then accepts the issued one once and forgets it", async () => {
    const body = { email: "first@example.com", password: "long-enough", first_name: "F", last_name: "Irst" };
    const noneIssued = await api("POST", "/v1/auth/setup", { body: { ...body, setupToken: "guessed" } });
    expect(noneIssued.status).toBe(403);
    expect(noneIssued.body).toEqual(errorBody(403));
    const issued = await setupToken();
    const wrong = await api("POST", "/v1/auth/setup", { body: { ...body, setupToken: `${issued}x` } });
    expect(wrong.status).toBe(403);
    expect(await db().user.count()).toBe(0);
    // Only the token's hash is stored.
    const stored = await db().setupToken.findMany();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(issued);
    const right = await api("POST", "/v1/auth/setup", { body: { ...body, setupToken: issued } });
    expect(right.status).toBe(201);
    expect(await db().setupToken.count()).toBe(0);
  });

  it("answers malformed JSON with 422 and a non-JSON content type with 415", async () => {
    const malformed = await api("POST", "/v1/auth/setup", { rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual([{ field: "body", message: "Malformed JSON" }]);
    const form = await api("POST", "/v1/auth/setup", { rawBody: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
  });

  it("refuses oversized bodies with 413 in the error body", async () => {
    const response = await api("POST", "/v1/auth/setup", {
      rawBody: JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(errorBody(413));
  });
});

describe("POST /v1/auth/login", () => {
  it("returns a token that authenticates, and audits the attempt", async () => {
    const admin = await setupAdmin();
    const response = await api("POST", "/v1/auth/login", { body: { email: "ADMIN@example.com", password: ADMIN_PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(admin.user.id);
    const me = await api("GET", "/v1/auth/me", { token: response.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.permissions).toEqual(["manage:all"]);
    const logins = await db().auditLog.findMany({ where: { actionType: "LOGIN" } });
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({
      targetType: "User",
      targetId: admin.user.id,
      actorIdentifier: "admin@example.com",
      details: { success: true, reason: "valid_credentials" },
    });
  });

  it("answers 401 with the same message for an unknown email and a wrong password", async () => {
    const admin = await setupAdmin();
    const wrongPassword = await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "wrong-password" } });
    const unknownEmail = await api("POST", "/v1/auth/login", { body: { email: "ghost@example.com", password: "wrong-password" } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body.message).toBe(unknownEmail.body.message);
    const failures = await db().auditLog.findMany({ where: { actionType: "LOGIN" }, orderBy: { id: "asc" } });
    expect(failures.map((entry) => [entry.targetId, entry.details])).toEqual([
      [admin.user.id, { success: false, reason: "wrong_password" }],
      ["ghost@example.com", { success: false, reason: "unknown_email" }],
    ]);
    expect(JSON.stringify(failures.map(({ id: _id, ...entry }) => entry))).not.toContain("wrong-password");
  });

  it("blocks an account after 10 consecutive failures with 429 and Retry-After, even for the right password", async () => {
    const admin = await setupAdmin();
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "bad-password" } });
      expect(response.status).toBe(401);
    }
    const blocked = await api("POST", "/v1/auth/login", { body: { email: "Admin@Example.com ", password: ADMIN_PASSWORD } });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(15 * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body).toEqual(errorBody(429));
    const last = await db().auditLog.findFirstOrThrow({ where: { actionType: "LOGIN" }, orderBy: { id: "desc" } });
    expect(last).toMatchObject({ targetId: admin.user.id, details: { success: false, reason: "rate_limited" } });
    expect(await db().auditLog.count({ where: { actionType: "LOGIN" } })).toBe(11);
  });

  it("lets no more than the limit of concurrent wrong attempts through to password verification", async () => {
    await setupAdmin();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "bad-password" } })),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const verified = await db().auditLog.count({ where: { actionType: "LOGIN", details: { path: ["reason"], equals: "wrong_password" } } });
    expect(verified).toBe(10);
  });

  it("unblocks an account when the lock ends, and then counts consecutive failures afresh", async () => {
    await setupAdmin();
    for (let attempt = 0; attempt < 10; attempt++) {
      await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "bad-password" } });
    }
    expect((await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "bad-password" } })).status).toBe(429);
    await db().$executeRaw`UPDATE login_throttles SET blocked_until = now() - interval '1 second' WHERE key = 'account:admin@example.com'`;
    const afterLock = await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "bad-password" } });
    expect(afterLock.status).toBe(401);
    expect(await db().loginThrottle.findUnique({ where: { key: "account:admin@example.com" } })).toMatchObject({
      failures: 1,
      blockedUntil: null,
    });
    expect((await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: ADMIN_PASSWORD } })).status).toBe(200);
  });

  it("counts an account's failures however far apart they are (consecutive, not windowed)", async () => {
    await setupAdmin();
    await db().loginThrottle.create({
      data: { key: "account:admin@example.com", failures: 9, windowStart: new Date(Date.now() - 7 * 24 * 3600 * 1000) },
    });
    expect((await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "bad-password" } })).status).toBe(401);
    expect((await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: ADMIN_PASSWORD } })).status).toBe(429);
  });

  it("blocks unknown emails like known ones, so a block reveals nothing", async () => {
    await setupAdmin();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await api("POST", "/v1/auth/login", { body: { email: "ghost@example.com", password: "bad-password" } })).status).toBe(401);
    }
    const blocked = await api("POST", "/v1/auth/login", { body: { email: "ghost@example.com", password: "bad-password" } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).not.toBeNull();
  });

  it("a success resets the account's consecutive failures", async () => {
    await setupAdmin();
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 9; attempt++) {
        await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: "bad-password" } });
      }
      const ok = await api("POST", "/v1/auth/login", { body: { email: "admin@example.com", password: ADMIN_PASSWORD } });
      expect(ok.status).toBe(200);
    }
  });

  it("blocks an address after too many failures across accounts", async () => {
    await setupAdmin();
    await withEnv({ LOGIN_MAX_IP_FAILURES: "5" }, async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        await api("POST", "/v1/auth/login", { ip: "10.9.9.9", body: { email: `x${attempt}@example.com`, password: "bad-password" } });
      }
      const blocked = await api("POST", "/v1/auth/login", {
        ip: "10.9.9.9",
        body: { email: "admin@example.com", password: ADMIN_PASSWORD },
      });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      const elsewhere = await api("POST", "/v1/auth/login", {
        ip: "10.9.9.8",
        body: { email: "admin@example.com", password: ADMIN_PASSWORD },
      });
      expect(elsewhere.status).toBe(200);
    });
  });

  it("forgets an address's failures once its window has passed", async () => {
    await setupAdmin();
    await withEnv({ LOGIN_MAX_IP_FAILURES: "3" }, async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        await api("POST", "/v1/auth/login", { ip: "10.9.9.7", body: { email: `y${attempt}@example.com`, password: "bad-password" } });
      }
      await db().$executeRaw`UPDATE login_throttles SET window_start = now() - interval '16 minutes' WHERE key = 'ip:10.9.9.7'`;
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await api("POST", "/v1/auth/login", {
          ip: "10.9.9.7",
          body: { email: `z${attempt}@example.com`, password: "bad-password" },
        });
        expect(response.status).toBe(401);
      }
      expect(
        (await api("POST", "/v1/auth/login", { ip: "10.9.9.7", body: { email: "admin@example.com", password: ADMIN_PASSWORD } })).status,
      ).toBe(200);
    });
  });

  it("validates the body", async () => {
    const response = await api("POST", "/v1/auth/login", { body: { email: 5 } });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual(expect.arrayContaining(["email", "password"]));
  });
});

describe("credentials", () => {
  it("answers 401 for missing, malformed, forged, expired and deleted-user tokens", async () => {
    const admin = await setupAdmin();
    const other = await createUserWithRole(admin.token, "predefined_read_only");
    expect((await api("GET", "/v1/auth/me")).status).toBe(401);
    expect((await api("GET", "/v1/auth/me", { headers: { authorization: "Basic abc" } })).status).toBe(401);
    expect((await api("GET", "/v1/auth/me", { token: "not.a.jwt" })).status).toBe(401);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(admin.user.id)
      .setIssuer("mail-archive")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("some-other-secret"));
    expect((await api("GET", "/v1/auth/me", { token: forged })).status).toBe(401);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(admin.user.id)
      .setIssuer("mail-archive")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(process.env.AUTH_SECRET!));
    const expiredResponse = await api("GET", "/v1/auth/me", { token: expired });
    expect(expiredResponse.status).toBe(401);
    expect(expiredResponse.body).toEqual(errorBody(401));
    expect((await api("DELETE", `/v1/users/${other.user.id}`, { token: admin.token })).status).toBe(204);
    expect((await api("GET", "/v1/auth/me", { token: other.token })).status).toBe(401);
  });

  it("API keys act with the owner's current permissions; revoked, expired and orphaned keys get 401", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const key = await createApiKeyFor(reader.token);
    expect(key.key).toMatch(/^mak_/);
    expect((await api("GET", "/v1/auth/me", { apiKey: key.key })).body.permissions).toEqual(["read:archive"]);
    expect((await api("GET", "/v1/users", { apiKey: key.key })).status).toBe(403);
    const auditor = await db().role.findUniqueOrThrow({ where: { slug: "predefined_auditor" } });
    await api("PUT", `/v1/users/${reader.user.id}`, { token: admin.token, body: { roleId: auditor.id } });
    expect((await api("GET", "/v1/users", { apiKey: key.key })).status).toBe(200);

    const listed = await api("GET", "/v1/api-keys", { token: reader.token });
    expect(listed.body).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(key.key);
    expect((await api("DELETE", `/v1/api-keys/${key.id}`, { token: reader.token })).status).toBe(204);
    expect((await api("GET", "/v1/auth/me", { apiKey: key.key })).status).toBe(401);
    expect((await api("DELETE", `/v1/api-keys/${key.id}`, { token: reader.token })).status).toBe(404);

    const expiring = await createApiKeyFor(reader.token, 1);
    await db().apiKey.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api("GET", "/v1/auth/me", { apiKey: expiring.key })).status).toBe(401);

    const orphan = await createApiKeyFor(reader.token);
    await api("DELETE", `/v1/users/${reader.user.id}`, { token: admin.token });
    expect((await api("GET", "/v1/auth/me", { apiKey: orphan.key })).status).toBe(401);
    expect((await api("GET", "/v1/auth/me", { apiKey: "mak_bogus" })).status).toBe(401);
  });

  it("creates a key shown once and stored only as a hash, and audits creation and revocation", async () => {
    const admin = await setupAdmin();
    const created = await api("POST", "/v1/api-keys", { token: admin.token, body: { name: "ci", expiresInDays: 30 } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["createdAt", "expiresAt", "id", "key", "lastUsedAt", "name", "prefix"]);
    expect(created.body.key.startsWith(`${created.body.prefix}_`)).toBe(true);
    const days = (Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 2);
    const stored = await db().apiKey.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.keyHash).not.toContain(created.body.key);
    expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await api("GET", "/v1/api-keys", { token: admin.token });
    expect(listed.body).toEqual([
      {
        id: created.body.id,
        name: "ci",
        prefix: created.body.prefix,
        expiresAt: created.body.expiresAt,
        createdAt: created.body.createdAt,
        lastUsedAt: null,
      },
    ]);
    // A key created with a key expires no later than it (src/server/identity/api-keys/api-keys.int.test.ts).
    const noExpiry = await api("POST", "/v1/api-keys", { apiKey: created.body.key, body: { name: "forever" } });
    expect(noExpiry.status).toBe(201);
    expect(noExpiry.body.expiresAt).toBe(created.body.expiresAt);
    expect((await api("DELETE", `/v1/api-keys/${created.body.id}`, { token: admin.token })).status).toBe(204);
    const audit = await db().auditLog.findMany({ where: { targetType: "ApiKey", targetId: created.body.id }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => [entry.actionType, entry.details])).toEqual([
      ["CREATE", { name: "ci", prefix: created.body.prefix, expiresAt: created.body.expiresAt, actorUserId: admin.user.id }],
      // The key created with it ("forever") is revoked with it.
      ["DELETE", { name: "ci", prefix: created.body.prefix, keysCreatedWithItRevoked: 1, actorUserId: admin.user.id }],
    ]);
    expect(JSON.stringify(audit.map(({ id: _id, ...entry }) => entry))).not.toContain(created.body.key);
    expect((await api("GET", "/v1/api-keys")).status).toBe(401);
    expect((await api("DELETE", `/v1/api-keys/${noExpiry.body.id}`)).status).toBe(401);
  });

  it("API key creation validates, and one user's key cannot be revoked by another", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const bad = await api("POST", "/v1/api-keys", { token: admin.token, body: { name: "", expiresInDays: 0 } });
    expect(bad.status).toBe(422);
    expect((await api("POST", "/v1/api-keys", { body: { name: "x" } })).status).toBe(401);
    const key = await createApiKeyFor(admin.token);
    expect((await api("DELETE", `/v1/api-keys/${key.id}`, { token: reader.token })).status).toBe(404);
    expect((await api("DELETE", "/v1/api-keys/not-a-uuid", { token: reader.token })).status).toBe(422);
    const created = await db().auditLog.findMany({ where: { targetType: "ApiKey" } });
    expect(created.map((entry) => entry.actionType)).toEqual(["CREATE"]);
  });
});

describe("routing", () => {
  it("answers unknown paths with 404 and unsupported methods with 405 in the error body", async () => {
    const unknown = await api("GET", "/v1/nothing/here");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody(404));
    const enterprise = await api("GET", "/api/v1/enterprise/nothing");
    expect(enterprise.status).toBe(404);
    const method = await api("DELETE", "/v1/auth/login");
    expect(method.status).toBe(405);
    expect(method.body).toEqual(errorBody(405));
  });
});

describe("the caller lookup shared by concurrent requests", () => {
  it("never answers a request from a lookup that began before it: a user disabled meanwhile by another client fails at once", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_read_only");
    // A second client (another process, as far as this one knows) holds the lookup's table, so the
    // lookup this process starts now is still running when the user is disabled.
    const blocker = await connectDedicatedPgClient();
    const writer = await connectDedicatedPgClient();
    try {
      await blocker.client.query("BEGIN; LOCK TABLE roles IN ACCESS EXCLUSIVE MODE");
      const before = principalForUser(user.user.id, "192.0.2.1", "token");
      await until("the first lookup to wait for the table", async () => {
        const { rows } = await writer.client.query("SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = 'relation'");
        return rows[0].n > 0;
      });
      await writer.client.query("UPDATE users SET disabled_at = now() WHERE id = $1", [user.user.id]);
      // Asked after the disable committed, while the earlier lookup is still running.
      const after = principalForUser(user.user.id, "192.0.2.1", "token");
      await blocker.client.query("COMMIT");
      // PostgreSQL takes the blocked statement's snapshot once it has its locks, so even the first
      // lookup sees the disable; the second must not have been folded into it either way.
      expect(await before).toBeNull();
      expect(await after).toBeNull();
      expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(401);
    } finally {
      await blocker.client.end();
      await writer.client.end();
    }
  });

  it("answers each of many concurrent API-key requests with its own key and owner, and refuses the others", async () => {
    const admin = await setupAdmin();
    const users = await Promise.all(
      ["a", "b"].map((name) => createUserWithRole(admin.token, "predefined_read_only", `${name}@example.com`)),
    );
    const keys = await Promise.all(users.map((user) => createApiKeyFor(user.token)));
    const expired = await createApiKeyFor(users[0].token, 1);
    await db().apiKey.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const presented = [...keys.map((key) => key.key), expired.key, "mak_unknown"];
    const answers = await Promise.allSettled(
      Array.from({ length: 24 }, (_, index) =>
        authenticate({ headers: new Headers({ "x-api-key": presented[index % presented.length] }), ip: "192.0.2.1" }),
      ),
    );
    answers.forEach((answer, index) => {
      const which = index % presented.length;
      if (which < keys.length) {
        expect(answer.status).toBe("fulfilled");
        const principal = (answer as PromiseFulfilledResult<Awaited<ReturnType<typeof authenticate>>>).value;
        expect(principal).toMatchObject({ userId: users[which].user.id, via: "apiKey", actor: { apiKeyId: keys[which].id } });
      } else {
        expect(answer.status).toBe("rejected");
        const message = ((answer as PromiseRejectedResult).reason as Error).message;
        expect(message).toBe(which === keys.length ? "API key expired" : "Invalid API key");
      }
    });
  });

  it("answers each of many concurrent lookups with its own user", async () => {
    const admin = await setupAdmin();
    const users = await Promise.all(
      ["a", "b", "c"].map((name) => createUserWithRole(admin.token, "predefined_read_only", `${name}@example.com`)),
    );
    const ids = [...users.map((user) => user.user.id), admin.user.id.toUpperCase(), "00000000-0000-4000-8000-000000000000"];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => principalForUser(ids[index % ids.length], "192.0.2.1", "token")),
    );
    answers.forEach((answer, index) => {
      const id = ids[index % ids.length];
      if (index % ids.length === 4) expect(answer).toBeNull();
      else expect(answer?.userId).toBe(id.toLowerCase());
    });
  });
});
