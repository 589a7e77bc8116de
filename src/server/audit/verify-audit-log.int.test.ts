import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api } from "@tests/helpers/rest-client";
import { issueAccessToken } from "../identity/auth/access-tokens";
import { db, transaction } from "../platform/db/client";
import { appendAuditEntry } from "./append-audit-entry";
import { appendEntries, insertForgedRow } from "@tests/helpers/audit-chain";
import { verifyAuditLog } from "./verify-audit-log";

const VERIFY = "/api/v1/enterprise/audit-logs/verify";
const HEAD = "/api/v1/enterprise/audit-logs/head";

async function tokenFor(policies: object[]): Promise<string> {
  const role = await db().role.create({ data: { slug: `test-${randomUUID()}`, name: "Test role", policies } });
  const email = `${randomUUID()}@example.com`;
  const user = await db().user.create({
    data: { email, emailKey: email, firstName: "Test", lastName: "User", passwordHash: "unused", roleId: role.id },
  });
  return (await issueAccessToken({ userId: user.id, sessionVersion: 0 })).accessToken;
}

const verifyViaRest = async () => {
  const response = await api("POST", VERIFY, { token: reader });
  expect(response.status).toBe(200);
  return response.body;
};

let reader: string;

beforeAll(async () => {
  reader = await tokenFor([{ action: "read", subject: "audit", conditions: {} }]);
});

beforeEach(async () => {
  // These tests play an attacker with the table owner's rights, who can switch off the
  // append-only triggers (audit-append-only.int.test.ts covers the triggers themselves).
  await db().$executeRawUnsafe("ALTER TABLE audit_logs DISABLE TRIGGER USER");
  await db().$executeRawUnsafe("TRUNCATE audit_logs RESTART IDENTITY");
});

describe("POST /api/v1/enterprise/audit-logs/verify", () => {
  it("reports an empty log as intact", async () => {
    expect(await verifyViaRest()).toEqual({ ok: true, message: "The audit log is empty." });
  });

  it("verifies a clean chain whose details take every JSON shape", async () => {
    await appendEntries(14);
    const result = await verifyViaRest();
    expect(result.ok).toBe(true);
    expect(result.message).toContain("14 entries");
    expect(result).not.toHaveProperty("logId");
  });

  it("verifies entries whose text PostgreSQL could not store as given (NUL, lone surrogates)", async () => {
    await transaction((tx) =>
      appendAuditEntry(tx, {
        actor: { identifier: "bad\u0000name\uD800@example.com", ip: "192.0.2.1" },
        actionType: "LOGIN_FAILED",
        targetType: "User",
        targetId: "x\uDC00",
        details: { "key\u0000": "value\uD83D", list: ["\u0000"] },
      }),
    );
    await appendEntries(2);
    expect(await verifyViaRest()).toMatchObject({ ok: true });
    const stored = await db().auditLog.findFirstOrThrow({ orderBy: { id: "asc" } });
    expect(stored.actorIdentifier).toBe("bad\uFFFDname\uFFFD@example.com");
  });

  it("keeps the chain intact under 500 concurrent appends", async () => {
    await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        transaction((tx) =>
          appendAuditEntry(tx, {
            actor: { identifier: `writer${index}@example.com`, ip: "192.0.2.20" },
            actionType: "CREATE",
            targetType: "User",
            targetId: String(index),
            details: { index },
          }),
        ),
      ),
    );
    const links = await db().$queryRaw<{ count: bigint; distinct_previous: bigint; first_links: bigint }[]>`
      SELECT count(*) AS count, count(DISTINCT previous_hash) AS distinct_previous,
             count(*) FILTER (WHERE previous_hash IS NULL) AS first_links FROM audit_logs`;
    expect(links[0]).toEqual({ count: 500n, distinct_previous: 499n, first_links: 1n });
    const result = await verifyViaRest();
    expect(result).toMatchObject({ ok: true });
    expect(result.message).toContain("500 entries");
  });

  it("walks the chain across batch boundaries", async () => {
    await appendEntries(10);
    expect(await verifyAuditLog({ batchSize: 3 })).toMatchObject({ ok: true });
    await db().$executeRaw`UPDATE audit_logs SET target_id = 'changed' WHERE id = 7`;
    expect(await verifyAuditLog({ batchSize: 3 })).toMatchObject({ ok: false, logId: 7 });
    expect(await verifyAuditLog({ batchSize: 6 })).toMatchObject({ ok: false, logId: 7 });
  });

  const fieldTampering: [string, string][] = [
    ["actor_identifier", "actor_identifier = 'mallory@example.com'"],
    ["actor_ip", "actor_ip = '203.0.113.66'"],
    ["action_type", "action_type = 'READ'"],
    ["target_type", "target_type = 'Role'"],
    ["target_id", "target_id = 'someone-else'"],
    ["details (new member)", `details = details || '{"extra": true}'::jsonb`],
    ["details (emptied)", "details = '{}'::jsonb"],
    ["timestamp (one millisecond)", `"timestamp" = "timestamp" + interval '1 millisecond'`],
    ["previous_hash", "previous_hash = repeat('0', 64)"],
    ["current_hash", "current_hash = repeat('f', 64)"],
  ];

  it.each(fieldTampering)("reports the row whose %s was changed", async (_field, assignment) => {
    await appendEntries(10);
    await db().$executeRawUnsafe(`UPDATE audit_logs SET ${assignment} WHERE id = 5`);
    const result = await verifyViaRest();
    expect(result).toMatchObject({ ok: false, logId: 5 });
    expect(result.message).toContain("5");
  });

  it("reports the first of several altered rows", async () => {
    await appendEntries(10);
    await db().$executeRaw`UPDATE audit_logs SET actor_ip = '0.0.0.0' WHERE id IN (4, 8)`;
    expect(await verifyViaRest()).toMatchObject({ ok: false, logId: 4 });
  });

  it("accepts a rewrite of details that keeps their value (jsonb re-serialization)", async () => {
    await appendEntries(10);
    await db().$executeRaw`UPDATE audit_logs SET details = details::text::jsonb`;
    expect(await verifyViaRest()).toMatchObject({ ok: true });
  });

  it("reports the row after a deleted one", async () => {
    await appendEntries(10);
    await db().$executeRaw`DELETE FROM audit_logs WHERE id = 5`;
    const result = await verifyViaRest();
    expect(result).toMatchObject({ ok: false, logId: 6 });
    expect(result.message).toMatch(/deleted/);
  });

  it("reports the new first row when the first rows were deleted", async () => {
    await appendEntries(10);
    await db().$executeRaw`DELETE FROM audit_logs WHERE id <= 2`;
    expect(await verifyViaRest()).toMatchObject({ ok: false, logId: 3 });
  });

  it("reports a forged row inserted in the middle with a self-consistent hash", async () => {
    await appendEntries(10);
    await db().$executeRaw`UPDATE audit_logs SET id = id + 100 WHERE id > 5`;
    const predecessor = await db().auditLog.findUniqueOrThrow({ where: { id: 5n } });
    await insertForgedRow(6, predecessor.currentHash);
    const result = await verifyViaRest();
    expect(result).toMatchObject({ ok: false, logId: 6 });
    expect(result.message).toMatch(/inserted/);
  });

  it("reports the first of several forged rows inserted in a row", async () => {
    await appendEntries(10);
    await db().$executeRaw`UPDATE audit_logs SET id = id + 100 WHERE id > 5`;
    const predecessor = await db().auditLog.findUniqueOrThrow({ where: { id: 5n } });
    const firstForged = await insertForgedRow(6, predecessor.currentHash);
    await insertForgedRow(7, firstForged);
    expect(await verifyViaRest()).toMatchObject({ ok: false, logId: 6 });
  });

  it("reports a forged row inserted before the first one", async () => {
    await appendEntries(5);
    await insertForgedRow(0, null);
    expect(await verifyViaRest()).toMatchObject({ ok: false, logId: 0 });
  });

  it("reports a forged row that links to nothing", async () => {
    await appendEntries(10);
    await db().$executeRaw`UPDATE audit_logs SET id = id + 100 WHERE id > 5`;
    await insertForgedRow(6, "1".repeat(64));
    expect(await verifyViaRest()).toMatchObject({ ok: false, logId: 6 });
  });

  it("does not write to the audit log", async () => {
    await appendEntries(3);
    await verifyViaRest();
    expect(await db().auditLog.count()).toBe(3);
  });

  it("answers 401 without credentials and 403 without read:audit", async () => {
    expect((await api("POST", VERIFY)).status).toBe(401);
    const usersReader = await tokenFor([{ action: "read", subject: "users", conditions: {} }]);
    expect((await api("POST", VERIFY, { token: usersReader })).status).toBe(403);
    expect((await api("GET", VERIFY, { token: reader })).status).toBe(405);
  });
});

describe("GET /api/v1/enterprise/audit-logs/head", () => {
  it("answers nulls and count 0 for an empty log", async () => {
    const response = await api("GET", HEAD, { token: reader });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: null, currentHash: null, timestamp: null, count: 0 });
  });

  it("answers the last entry and the count, and shows a truncation that verify cannot see", async () => {
    await appendEntries(6);
    const last = await db().auditLog.findFirstOrThrow({ orderBy: { id: "desc" } });
    const before = await api("GET", HEAD, { token: reader });
    expect(before.body).toEqual({ id: 6, currentHash: last.currentHash, timestamp: last.timestamp.toISOString(), count: 6 });

    await db().$executeRaw`DELETE FROM audit_logs WHERE id > 4`;
    expect(await verifyViaRest()).toMatchObject({ ok: true });
    const after = await api("GET", HEAD, { token: reader });
    expect(after.body).toMatchObject({ id: 4, count: 4 });
    expect(after.body.currentHash).not.toBe(before.body.currentHash);
  });

  it("answers 401 without credentials and 403 without read:audit", async () => {
    expect((await api("GET", HEAD)).status).toBe(401);
    const usersReader = await tokenFor([{ action: "read", subject: "users", conditions: {} }]);
    expect((await api("GET", HEAD, { token: usersReader })).status).toBe(403);
  });
});
