import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../platform/db/client";
import { withPgTransaction } from "../platform/db/pg-pool";
import { appendAuditEntries, type AuditEntryInput } from "./append-audit-entry";
import { verifyAuditLog } from "./verify-audit-log";
import { untilSomeoneWaitsForALock } from "@tests/helpers/lock-waits";

const entry = (targetId: string): AuditEntryInput => ({
  actor: { identifier: "hosts@example.com", ip: "192.0.2.40" },
  actionType: "UPDATE",
  targetType: "LegalHold",
  targetId,
});

/** Two hosts: each its own pool, so its own group of seals and its own connections (docs/audit-log.md). */
const hosts = {
  a: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 6 }),
  b: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 6 }),
};

/** An audited change on `host`: a row changed and its entries, in one transaction. */
const auditedWrite = (host: pg.Pool, targetIds: string[], options: { fail?: boolean; settings?: string } = {}) =>
  withPgTransaction(
    async (client) => {
      await client.query("INSERT INTO audit_hosts_changes (target_id) VALUES ($1)", [targetIds[0]]);
      await appendAuditEntries(client, targetIds.map(entry));
      if (options.fail) throw new Error("the change failed");
    },
    options.settings,
    host,
  );

const chain = () =>
  db().$queryRaw<{ target_id: string; previous_hash: string | null; current_hash: string; timestamp: Date }[]>`
    SELECT target_id, previous_hash, current_hash, timestamp FROM audit_logs ORDER BY id`;

beforeAll(async () => {
  await db().$executeRawUnsafe("CREATE TABLE audit_hosts_changes (target_id text PRIMARY KEY)");
});

afterAll(async () => {
  await Promise.all([hosts.a.end(), hosts.b.end()]);
});

describe("audited writes of two hosts", () => {
  it("keep the chain exact under concurrent writers on several connections of both hosts, some rolling back", async () => {
    const writes = Array.from({ length: 160 }, (_, index) => {
      const host = index % 2 === 0 ? hosts.a : hosts.b;
      const targetIds = Array.from({ length: 1 + (index % 3) }, (_, part) => `w${index}-${part}`);
      return { targetIds, promise: auditedWrite(host, targetIds, { fail: index % 9 === 4 }) };
    });
    const results = await Promise.allSettled(writes.map((write) => write.promise));
    const committed = writes.filter((_, index) => results[index].status === "fulfilled");
    expect(committed).toHaveLength(160 - 18);

    // Settled means chained: every committed entry is in the chain, none of a rolled-back change.
    const rows = await chain();
    expect(rows.map((row) => row.target_id).sort()).toEqual(committed.flatMap((write) => write.targetIds).sort());
    for (let index = 1; index < rows.length; index++) {
      expect(rows[index].previous_hash).toBe(rows[index - 1].current_hash);
      expect(rows[index].timestamp.getTime()).toBeGreaterThanOrEqual(rows[index - 1].timestamp.getTime());
    }
    // Each transaction's entries consecutive and in the order appended.
    const positions = new Map(rows.map((row, index) => [row.target_id, index]));
    for (const write of committed) {
      const first = positions.get(write.targetIds[0])!;
      expect(write.targetIds.map((targetId) => positions.get(targetId))).toEqual(write.targetIds.map((_, part) => first + part));
    }
    const [pending] = await db().$queryRaw<{ count: bigint }[]>`SELECT count(*) FROM audit_log_pending`;
    expect(Number(pending.count)).toBe(0);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("hold no lock across a commit: host B's audited writes complete while host A's commit is stalled", async () => {
    // A deferred trigger that stalls A's commit after its audit work, until the test lets it go:
    // with the chain's lock taken at commit (the design before 2026-11-29) A would hold it here and
    // every other audited commit, on any host, would wait behind it.
    await db().$executeRawUnsafe(`CREATE TABLE audit_hosts_stall (id int)`);
    await db().$executeRawUnsafe(`CREATE FUNCTION audit_hosts_stall() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock_shared(424242); RETURN NULL; END $$`);
    await db().$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER audit_hosts_stall AFTER INSERT ON audit_hosts_stall
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_hosts_stall()`);
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(424242)");
      const stalled = withPgTransaction(
        async (client) => {
          await appendAuditEntries(client, [entry("stalled-on-a")]);
          await client.query("INSERT INTO audit_hosts_stall VALUES (1)");
        },
        "",
        hosts.a,
      );
      await untilSomeoneWaitsForALock();
      // B's writes must not wait for any lock A holds: lock_timeout turns such a wait into an error.
      const onB = await Promise.allSettled(
        ["b-1", "b-2", "b-3"].map((targetId) => auditedWrite(hosts.b, [targetId], { settings: "; SET LOCAL lock_timeout = '3s'" })),
      );
      expect(onB.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const whileStalled = (await chain()).map((row) => row.target_id);
      expect(whileStalled).toEqual(expect.arrayContaining(["b-1", "b-2", "b-3"]));
      expect(whileStalled).not.toContain("stalled-on-a");

      await holder.query("SELECT pg_advisory_unlock(424242)");
      await stalled;
      const rows = await chain();
      expect(rows.at(-1)!.target_id).toBe("stalled-on-a");
      expect(await verifyAuditLog()).toMatchObject({ ok: true });
    } finally {
      await holder.end();
    }
  });
});
