import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@tests/helpers/rest-client";
import { issueAccessToken } from "../identity/auth/access-tokens";
import { db, transaction } from "../platform/db/client";
import { appendAuditEntry } from "./append-audit-entry";
import { auditEntryHash } from "./audit-hash";

const PATH = "/api/v1/enterprise/audit-logs";
const ACTORS = ["alice@example.com", "bob@example.com", "carol@example.com"];
const SEED_START = Date.parse("2024-03-01T00:00:00.000Z");
const SIX_HOURS = 6 * 3600 * 1000;

/** A signed-in user whose role has exactly these policies (users are created directly: no audit entries). */
async function tokenFor(policies: object[]): Promise<string> {
  const role = await db().role.create({ data: { slug: `test-${randomUUID()}`, name: "Test role", policies } });
  const email = `${randomUUID()}@example.com`;
  const user = await db().user.create({
    data: { email, emailKey: email, firstName: "Test", lastName: "User", passwordHash: "unused", roleId: role.id },
  });
  return (await issueAccessToken({ userId: user.id, sessionVersion: 0 })).accessToken;
}

interface SeedRow {
  index: number;
  timestamp: string;
  actor: string;
  actionType: string;
}

// 30 rows, one every 6 hours from 2024-03-01T00:00Z (4 per UTC day), actors in turn, CREATE/UPDATE alternating.
const seed: SeedRow[] = Array.from({ length: 30 }, (_, index) => ({
  index,
  timestamp: new Date(SEED_START + index * SIX_HOURS).toISOString(),
  actor: ACTORS[index % 3],
  actionType: index % 2 === 0 ? "CREATE" : "UPDATE",
}));

let reader: string;
let ids: number[];

beforeAll(async () => {
  reader = await tokenFor([{ action: "read", subject: "audit", conditions: {} }]);
  // Listing does not depend on the hashes, so rows are inserted directly with chosen timestamps.
  for (const row of seed) {
    await db().auditLog.create({
      data: {
        previousHash: row.index === 0 ? null : `hash-${row.index - 1}`,
        timestamp: new Date(row.timestamp),
        actorIdentifier: row.actor,
        actorIp: "198.51.100.4",
        actionType: row.actionType,
        targetType: "User",
        targetId: `target-${row.index}`,
        details: { index: row.index, nested: { b: [1, "two"], a: null } },
        currentHash: `hash-${row.index}`,
      },
    });
  }
  const stored = await db().auditLog.findMany({ orderBy: { id: "asc" }, select: { id: true } });
  ids = stored.map((row) => Number(row.id));
});

const idsOf = (body: { data: { id: number }[] }) => body.data.map((entry) => entry.id);
const seedIds = (predicate: (row: SeedRow) => boolean) => seed.filter(predicate).map((row) => ids[row.index]);

describe("GET /api/v1/enterprise/audit-logs", () => {
  it("lists the newest 20 entries by default, with the total", async () => {
    const response = await api("GET", PATH, { token: reader });
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ total: 30, page: 1, limit: 20 });
    expect(idsOf(response.body)).toEqual([...ids].reverse().slice(0, 20));
  });

  it("shapes each entry exactly as the interface's audit log entry", async () => {
    const response = await api("GET", `${PATH}?sort=asc&limit=1`, { token: reader });
    expect(response.body.data).toEqual([
      {
        id: ids[0],
        previousHash: null,
        timestamp: "2024-03-01T00:00:00.000Z",
        actorIdentifier: "alice@example.com",
        actorIp: "198.51.100.4",
        actionType: "CREATE",
        targetType: "User",
        targetId: "target-0",
        details: { index: 0, nested: { a: null, b: [1, "two"] } },
        currentHash: "hash-0",
      },
    ]);
    expect(Number.isInteger(response.body.data[0].id)).toBe(true);
  });

  it("pages with page and limit, in both sort orders", async () => {
    const second = await api("GET", `${PATH}?page=2`, { token: reader });
    expect(second.body.meta).toEqual({ total: 30, page: 2, limit: 20 });
    expect(idsOf(second.body)).toEqual([...ids].reverse().slice(20, 30));

    const ascending = await api("GET", `${PATH}?sort=asc&limit=7&page=3`, { token: reader });
    expect(ascending.body.meta).toEqual({ total: 30, page: 3, limit: 7 });
    expect(idsOf(ascending.body)).toEqual(ids.slice(14, 21));

    const descending = await api("GET", `${PATH}?sort=desc&limit=7&page=3`, { token: reader });
    expect(idsOf(descending.body)).toEqual([...ids].reverse().slice(14, 21));

    const beyond = await api("GET", `${PATH}?page=9&limit=10`, { token: reader });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ data: [], meta: { total: 30, page: 9, limit: 10 } });
  });

  it("accepts limit 100 and 1", async () => {
    const hundred = await api("GET", `${PATH}?limit=100`, { token: reader });
    expect(hundred.status).toBe(200);
    expect(hundred.body.data).toHaveLength(30);
    const one = await api("GET", `${PATH}?limit=1`, { token: reader });
    expect(idsOf(one.body)).toEqual([ids[29]]);
  });

  it("filters by actor identifier, exactly", async () => {
    const response = await api("GET", `${PATH}?actor=${encodeURIComponent("bob@example.com")}&limit=100`, { token: reader });
    expect(response.body.meta.total).toBe(10);
    expect(idsOf(response.body)).toEqual(seedIds((row) => row.actor === "bob@example.com").reverse());
    const otherCase = await api("GET", `${PATH}?actor=${encodeURIComponent("BOB@example.com")}`, { token: reader });
    expect(otherCase.body).toEqual({ data: [], meta: { total: 0, page: 1, limit: 20 } });
    const prefix = await api("GET", `${PATH}?actor=bob`, { token: reader });
    expect(prefix.body.meta.total).toBe(0);
  });

  it("filters by action type", async () => {
    const response = await api("GET", `${PATH}?actionType=UPDATE&sort=asc&limit=100`, { token: reader });
    expect(response.body.meta.total).toBe(15);
    expect(idsOf(response.body)).toEqual(seedIds((row) => row.actionType === "UPDATE"));
  });

  it("treats a date as the whole UTC day, inclusive at both ends", async () => {
    const from = await api("GET", `${PATH}?startDate=2024-03-02&sort=asc&limit=100`, { token: reader });
    expect(idsOf(from.body)).toEqual(seedIds((row) => row.index >= 4));
    const until = await api("GET", `${PATH}?endDate=2024-03-02&sort=asc&limit=100`, { token: reader });
    expect(idsOf(until.body)).toEqual(seedIds((row) => row.index <= 7));
    const day = await api("GET", `${PATH}?startDate=2024-03-02&endDate=2024-03-02&sort=asc`, { token: reader });
    expect(day.body.meta.total).toBe(4);
    expect(idsOf(day.body)).toEqual(seedIds((row) => row.index >= 4 && row.index <= 7));
  });

  it("treats ISO date-times as exact, inclusive bounds, honouring offsets", async () => {
    const exact = await api("GET", `${PATH}?startDate=2024-03-01T06:00:00.000Z&endDate=2024-03-01T18:00:00Z&sort=asc`, {
      token: reader,
    });
    expect(idsOf(exact.body)).toEqual(seedIds((row) => row.index >= 1 && row.index <= 3));
    const offset = await api(
      "GET",
      `${PATH}?startDate=${encodeURIComponent("2024-03-01T08:00:00+02:00")}&endDate=${encodeURIComponent("2024-03-01T11:59:59.999-06:00")}&sort=asc`,
      { token: reader },
    );
    expect(idsOf(offset.body)).toEqual(seedIds((row) => row.index >= 1 && row.index <= 2));
    const justAfter = await api("GET", `${PATH}?startDate=2024-03-01T06:00:00.001Z&endDate=2024-03-01T17:59:59.999Z`, {
      token: reader,
    });
    expect(idsOf(justAfter.body)).toEqual(seedIds((row) => row.index === 2));
  });

  it("combines every filter with sort and paging", async () => {
    const query = "actor=alice%40example.com&actionType=CREATE&startDate=2024-03-02&endDate=2024-03-07&sort=asc&limit=2&page=2";
    const expected = seedIds(
      (row) => row.actor === "alice@example.com" && row.actionType === "CREATE" && row.index >= 4 && row.index <= 27,
    );
    const response = await api("GET", `${PATH}?${query}`, { token: reader });
    expect(response.body.meta).toEqual({ total: expected.length, page: 2, limit: 2 });
    expect(idsOf(response.body)).toEqual(expected.slice(2, 4));
  });

  it("ignores filters sent empty", async () => {
    const response = await api("GET", `${PATH}?actor=&actionType=&startDate=&endDate=&sort=&page=&limit=`, { token: reader });
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ total: 30, page: 1, limit: 20 });
  });

  it.each([
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["limit=ten", "limit"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=1.5", "page"],
    ["startDate=2024-02-30", "startDate"],
    ["startDate=yesterday", "startDate"],
    ["endDate=2024-03-01T25:00:00Z", "endDate"],
    ["endDate=2024-03-01T10:00:00%2B24:00", "endDate"],
    ["startDate=2024-03-05&endDate=2024-03-04", "endDate"],
    ["sort=newest", "sort"],
    [`actor=${"a".repeat(1001)}`, "actor"],
    ["actionType=create", "actionType"],
    ["actionType=NOT_AN_ACTION", "actionType"],
  ])("answers 422 with the field for %s", async (query, field) => {
    const response = await api("GET", `${PATH}?${query}`, { token: reader });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ status: "error", statusCode: 422 });
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it("answers 401 without or with invalid credentials", async () => {
    expect((await api("GET", PATH)).status).toBe(401);
    expect((await api("GET", PATH, { token: "not-a-jwt" })).status).toBe(401);
    expect((await api("GET", PATH, { apiKey: "mak_00000000_unknown" })).status).toBe(401);
  });

  it("answers 403 to a caller without read:audit, and 200 to manage:all", async () => {
    const usersReader = await tokenFor([{ action: "read", subject: "users", conditions: {} }]);
    const forbidden = await api("GET", PATH, { token: usersReader });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ status: "error", statusCode: 403, errors: null });
    const superAdmin = await tokenFor([{ action: "manage", subject: "all", conditions: {} }]);
    expect((await api("GET", PATH, { token: superAdmin })).status).toBe(200);
  });

  it("answers 405 for methods the path lacks", async () => {
    expect((await api("DELETE", PATH, { token: reader })).status).toBe(405);
  });

  it("lists an entry written by appendAuditEntry as it was hashed", async () => {
    await transaction((tx) =>
      appendAuditEntry(tx, {
        actor: { identifier: "dave@example.com", ip: "2001:db8::1" },
        actionType: "DELETE",
        targetType: "ArchivedEmail",
        targetId: "f0e1d2c3-0000-4000-8000-000000000000",
        details: { reason: "test" },
      }),
    );
    // An entry about an email is shown as stored only to a caller who reads the whole archive (audit-redaction.int.test.ts).
    const wholeArchiveReader = await tokenFor([
      { action: "read", subject: "audit" },
      { action: "read", subject: "archive" },
    ]);
    const response = await api("GET", `${PATH}?actor=dave%40example.com`, { token: wholeArchiveReader });
    expect(response.body.data).toHaveLength(1);
    const entry = response.body.data[0];
    expect(entry).toMatchObject({ previousHash: "hash-29", actionType: "DELETE", details: { reason: "test" } });
    expect(entry.currentHash).toBe(auditEntryHash(entry));
    expect(entry.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
