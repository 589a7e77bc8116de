import { describe, expect, it } from "vitest";
import { db, transaction } from "../platform/db/client";
import { pgPool } from "../platform/db/pg-pool";
import { appendAuditEntries, appendAuditEntry, type AuditEntryInput } from "./append-audit-entry";
import { verifyAuditLog } from "./verify-audit-log";
import { latch } from "@tests/helpers/latch";

const entry = (targetId: string, details: Record<string, unknown> = {}): AuditEntryInput => ({
  actor: { identifier: "sealer@example.com", ip: "192.0.2.30" },
  actionType: "CREATE",
  targetType: "User",
  targetId,
  details,
});

const chainOf = (targetIds: string[]) =>
  db().$queryRaw<{ id: bigint; target_id: string; previous_hash: string | null; current_hash: string; timestamp: Date }[]>`
    SELECT id, target_id, previous_hash, current_hash, timestamp FROM audit_logs
     WHERE target_id = ANY(${targetIds}::text[]) ORDER BY id`;

const pendingCount = async () => Number((await db().$queryRaw<{ count: bigint }[]>`SELECT count(*) FROM audit_log_pending`)[0].count);

describe("audit entries are chained when their transaction commits", () => {
  it("does not make a writer wait for another transaction that appended and is still open", async () => {
    const appended = latch();
    const finish = latch();
    const slow = transaction(async (tx) => {
      await appendAuditEntry(tx, entry("slow"));
      appended.open();
      await finish.opened;
    });
    await appended.opened;
    // Before sealing at commit, this commit would have queued behind `slow`'s chain lock.
    await transaction((tx) => appendAuditEntry(tx, entry("fast")), { timeoutMs: 5_000 });
    expect((await chainOf(["slow", "fast"])).map((row) => row.target_id)).toEqual(["fast"]);
    finish.open();
    await slow;
    const chain = await chainOf(["slow", "fast"]);
    expect(chain.map((row) => row.target_id)).toEqual(["fast", "slow"]);
    expect(chain[1].previous_hash).toBe(chain[0].current_hash);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("chains a transaction's entries in the order given, with consecutive ids and one timestamp", async () => {
    await transaction((tx) => appendAuditEntries(tx, [entry("batch-1"), entry("batch-2", { n: 2 }), entry("batch-3")]));
    const chain = await chainOf(["batch-1", "batch-2", "batch-3"]);
    expect(chain.map((row) => row.target_id)).toEqual(["batch-1", "batch-2", "batch-3"]);
    expect(chain.map((row) => Number(row.id - chain[0].id))).toEqual([0, 1, 2]);
    expect(chain[1].previous_hash).toBe(chain[0].current_hash);
    expect(chain[2].previous_hash).toBe(chain[1].current_hash);
    expect(new Set(chain.map((row) => row.timestamp.getTime())).size).toBe(1);
    expect(await pendingCount()).toBe(0);
  });

  it("chains an entry appended with the client itself as a transaction of its own", async () => {
    await Promise.all(["own-1", "own-2", "own-3"].map((targetId) => appendAuditEntry(db(), entry(targetId))));
    expect(await chainOf(["own-1", "own-2", "own-3"])).toHaveLength(3);
    expect(await pendingCount()).toBe(0);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("groups concurrent appends through the pool into few commits, each caller's entries in order and durable on return", async () => {
    const targets = Array.from({ length: 40 }, (_, index) => `group-${index}`);
    await Promise.all(
      targets.map((targetId) => appendAuditEntries(pgPool(), [entry(`${targetId}-a`), entry(`${targetId}-b`, { second: true })])),
    );
    // Settled means committed: every entry is already in the chain, read from another connection.
    const ids = targets.flatMap((targetId) => [`${targetId}-a`, `${targetId}-b`]);
    const chain = await db().$queryRaw<{ target_id: string; commits: string; id: bigint }[]>`
      SELECT target_id, xmin::text AS commits, id FROM audit_logs WHERE target_id = ANY(${ids}::text[]) ORDER BY id`;
    expect(chain).toHaveLength(80);
    // One transaction per entry before grouping; now the 40 callers share a few commits.
    expect(new Set(chain.map((row) => row.commits)).size).toBeLessThanOrEqual(5);
    for (const targetId of targets) {
      const position = chain.findIndex((row) => row.target_id === `${targetId}-a`);
      expect(chain[position + 1].target_id).toBe(`${targetId}-b`);
    }
    expect(await pendingCount()).toBe(0);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("refuses to commit entries of a REPEATABLE READ transaction, whose stale snapshot would fork the chain", async () => {
    await expect(
      db().$transaction((tx) => appendAuditEntry(tx, entry("repeatable")), { isolationLevel: "RepeatableRead" }),
    ).rejects.toThrow(/READ COMMITTED/);
    expect(await chainOf(["repeatable"])).toEqual([]);
  });

  it("leaves nothing behind when the transaction rolls back", async () => {
    await expect(
      transaction(async (tx) => {
        await appendAuditEntry(tx, entry("rolled-back"));
        throw new Error("the audited change failed");
      }),
    ).rejects.toThrow("the audited change failed");
    expect(await chainOf(["rolled-back"])).toEqual([]);
    expect(await pendingCount()).toBe(0);
  });

  it("still chains correctly when the transaction makes its constraints immediate", async () => {
    await transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET CONSTRAINTS ALL IMMEDIATE");
      await appendAuditEntry(tx, entry("immediate-1"));
      await appendAuditEntry(tx, entry("immediate-2"));
    });
    const chain = await chainOf(["immediate-1", "immediate-2"]);
    expect(chain.map((row) => row.target_id)).toEqual(["immediate-1", "immediate-2"]);
    expect(chain[1].previous_hash).toBe(chain[0].current_hash);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("keeps ids, timestamps and links in one order under concurrent writers, some rolling back", async () => {
    const targetIds = Array.from({ length: 120 }, (_, index) => `concurrent-${index}`);
    const results = await Promise.allSettled(
      targetIds.map((targetId, index) =>
        transaction(async (tx) => {
          await appendAuditEntries(tx, index % 4 === 0 ? [entry(targetId), entry(`${targetId}-second`)] : [entry(targetId)]);
          if (index % 10 === 3) throw new Error("rolled back");
        }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(12);
    const chain = await db().$queryRaw<{ previous_hash: string | null; current_hash: string; timestamp: Date }[]>`
      SELECT previous_hash, current_hash, timestamp FROM audit_logs ORDER BY id`;
    for (let index = 1; index < chain.length; index++) {
      expect(chain[index].previous_hash).toBe(chain[index - 1].current_hash);
      expect(chain[index].timestamp.getTime()).toBeGreaterThanOrEqual(chain[index - 1].timestamp.getTime());
    }
    const committed = await chainOf(targetIds.flatMap((targetId) => [targetId, `${targetId}-second`]));
    expect(committed).toHaveLength(108 + 30);
    expect(await pendingCount()).toBe(0);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("seals from the transaction's first pending row through the index, past the dead rows of earlier seals", async () => {
    const client = await pgPool().connect();
    const pendingScans = async () => {
      // Statistics reach the shared counters at transaction end at most once a second unless flushed.
      await client.query("SELECT pg_stat_force_next_flush()");
      await client.query("SELECT pg_stat_clear_snapshot()");
      const { rows } = await client.query<{ seq_scan: string; idx_scan: string }>(
        "SELECT seq_scan, idx_scan FROM pg_stat_user_tables WHERE relname = 'audit_log_pending'",
      );
      return { seq: Number(rows[0].seq_scan), index: Number(rows[0].idx_scan) };
    };
    try {
      // Dead rows to walk past: earlier transactions' sealed (deleted) entries.
      for (const targetId of ["dead-1", "dead-2", "dead-3"]) await appendAuditEntry(db(), entry(targetId));
      const before = await pendingScans();
      await client.query("BEGIN");
      await appendAuditEntries(client, [entry("rows-1"), entry("rows-2")]);
      await appendAuditEntry(client, entry("rows-3"));
      await client.query("COMMIT");
      const after = await pendingScans();
      expect(after.seq - before.seq).toBe(0);
      expect(after.index).toBeGreaterThan(before.index);
    } finally {
      client.release();
    }
    const chain = await chainOf(["rows-1", "rows-2", "rows-3"]);
    expect(chain.map((row) => row.target_id)).toEqual(["rows-1", "rows-2", "rows-3"]);
    expect(chain[2].previous_hash).toBe(chain[1].current_hash);
    expect(await pendingCount()).toBe(0);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });
});
