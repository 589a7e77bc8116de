import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { appendEntries, insertForgedRow } from "@tests/helpers/audit-chain";
import { db } from "../platform/db/client";
import { verifyAuditLog, type VerifyAuditLogOptions } from "./verify-audit-log";

// A long chain is cut into id ranges walked by helper threads as well as the caller; every
// tampering must be reported exactly as one walker reports it, wherever the ranges fall.
const walkerSetups: [string, VerifyAuditLogOptions][] = [
  ["the caller and one helper, one row per range", { parallelFromIds: 0, helpers: 1 }],
  ["one helper walking every range", { parallelFromIds: 0, helpers: 1, callerWalks: false }],
  ["three helpers, batches of two rows", { parallelFromIds: 0, helpers: 3, batchSize: 2 }],
];

const tamperings: [string, () => Promise<void>, { ok: boolean; logId?: number }][] = [
  ["nothing", async () => {}, { ok: true }],
  [
    "the first row altered",
    () => db().$executeRaw`UPDATE audit_logs SET actor_ip = '0.0.0.0' WHERE id = 1`.then(() => {}),
    { ok: false, logId: 1 },
  ],
  [
    "two rows altered",
    () => db().$executeRaw`UPDATE audit_logs SET target_id = 'x' WHERE id IN (4, 9)`.then(() => {}),
    { ok: false, logId: 4 },
  ],
  [
    "the last row altered",
    () => db().$executeRaw`UPDATE audit_logs SET details = '{}' WHERE id = 10`.then(() => {}),
    { ok: false, logId: 10 },
  ],
  ["a row deleted", () => db().$executeRaw`DELETE FROM audit_logs WHERE id = 5`.then(() => {}), { ok: false, logId: 6 }],
  ["the first rows deleted", () => db().$executeRaw`DELETE FROM audit_logs WHERE id <= 2`.then(() => {}), { ok: false, logId: 3 }],
  [
    "a forged row inserted with a self-consistent hash",
    async () => {
      await db().$executeRaw`UPDATE audit_logs SET id = id + 100 WHERE id > 5`;
      const predecessor = await db().auditLog.findUniqueOrThrow({ where: { id: 5n } });
      await insertForgedRow(7, await insertForgedRow(6, predecessor.currentHash));
    },
    { ok: false, logId: 6 },
  ],
  ["a forged row before the first", () => insertForgedRow(0, null).then(() => {}), { ok: false, logId: 0 }],
  [
    "a forged row that links to nothing",
    async () => {
      await db().$executeRaw`UPDATE audit_logs SET id = id + 100 WHERE id > 5`;
      await insertForgedRow(6, "1".repeat(64));
    },
    { ok: false, logId: 6 },
  ],
  [
    "a row appended at a far id, correctly linked (uneven ranges; undetectable, docs/audit-log.md)",
    async () => {
      const last = await db().auditLog.findFirstOrThrow({ orderBy: { id: "desc" } });
      await insertForgedRow(9_000_000_000_000, last.currentHash);
    },
    { ok: true },
  ],
  [
    "a gap of ids in the middle (harmless)",
    () => db().$executeRaw`UPDATE audit_logs SET id = id + 1000 WHERE id > 6`.then(() => {}),
    { ok: true },
  ],
];

/** Runs `sql` on a connection of its own every 2 ms, handing each result to `seen`, until stopped. */
async function pollHelperBackends(sql: string, seen: (result: pg.QueryResult) => void): Promise<{ stop: () => Promise<void> }> {
  const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await watcher.connect();
  let polling = true;
  const loop = (async () => {
    while (polling) {
      seen(await watcher.query(sql));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    stop: async () => {
      polling = false;
      await loop;
      await watcher.end();
    },
  };
}

beforeEach(async () => {
  await db().$executeRawUnsafe("ALTER TABLE audit_logs DISABLE TRIGGER USER");
  await db().$executeRawUnsafe("TRUNCATE audit_logs RESTART IDENTITY");
});

describe("verifyAuditLog over ranges walked by several threads", () => {
  it.each(tamperings)("reports %s as one walker does", async (_name, tamper, expected) => {
    await appendEntries(10);
    await tamper();
    const single = await verifyAuditLog({ helpers: 0 });
    expect(single).toMatchObject(expected);
    for (const [, options] of walkerSetups) expect(await verifyAuditLog(options)).toEqual(single);
  });

  it("reports an empty log as empty", async () => {
    expect(await verifyAuditLog({ parallelFromIds: 0, helpers: 1 })).toEqual({ ok: true, message: "The audit log is empty." });
  });

  it("walks every range again when a helper's connection is killed", async () => {
    await appendEntries(600);
    let killed = 0;
    const watcher = await pollHelperBackends(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'audit-verify-helper' AND datname = current_database()",
      (result) => (killed += result.rowCount ?? 0),
    );
    // One row per batch keeps the helpers busy long enough to be killed.
    const result = await verifyAuditLog({ parallelFromIds: 0, helpers: 2, batchSize: 1, callerWalks: false });
    await watcher.stop();
    expect(killed).toBeGreaterThan(0);
    expect(result).toEqual({ ok: true, message: "Audit log integrity verified: 600 entries (ids 1 to 600) form an unbroken chain." });
  });
});

describe("verifications at the same time", () => {
  it("share the helpers instead of starting their own each", async () => {
    await appendEntries(300);
    let most = 0;
    const watcher = await pollHelperBackends(
      // In a transaction: a helper's backend that has committed and is closing shows as idle.
      `SELECT count(*)::int AS count FROM pg_stat_activity
        WHERE application_name = 'audit-verify-helper' AND datname = current_database() AND state IN ('active', 'idle in transaction')`,
      (result) => (most = Math.max(most, result.rows[0].count)),
    );
    const results = await Promise.all(
      Array.from({ length: 4 }, () => verifyAuditLog({ parallelFromIds: 0, helpers: 1, batchSize: 1, callerWalks: false })),
    );
    await watcher.stop();
    expect(most).toBe(1);
    for (const result of results) expect(result).toMatchObject({ ok: true, message: expect.stringContaining("300 entries") });
  });
});
