import { describe, expect, it } from "vitest";
import { db, transaction } from "../platform/db/client";
import { pgPool } from "../platform/db/pg-pool";
import { appendAuditEntries, appendAuditEntry, type AuditEntryInput } from "./append-audit-entry";
import { sealAuditChain } from "./seal-audit-chain";
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

describe("audit entries are chained by the seal that follows their commit", () => {
  it("does not make a writer wait for another transaction that appended and is still open", async () => {
    const appended = latch();
    const finish = latch();
    const slow = transaction(async (tx) => {
      await appendAuditEntry(tx, entry("slow"));
      appended.open();
      await finish.opened;
    });
    await appended.opened;
    // Before sealing at commit (2026-11-23), this commit would have queued behind `slow`'s chain lock.
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

  it("inserts and seals a group of standalone entries in one transaction: none is committed unchained", async () => {
    // Another seal holds the chain's lock: the group's statement waits for it with its entries uncommitted.
    const holder = await pgPool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock(7243017)");
      let settled = false;
      const appended = appendAuditEntry(pgPool(), entry("one-commit")).finally(() => (settled = true));
      const waiting = async () =>
        Number(
          (
            await db().$queryRaw<{ count: bigint }[]>`
            SELECT count(*) FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`
          )[0].count,
        );
      while (!settled && (await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      // Inserted and sealed separately, the entry would be committed in audit_log_pending by now.
      expect(await pendingCount()).toBe(0);
      await holder.query("COMMIT");
      await appended;
    } finally {
      holder.release();
    }
    const [sealed] = await db().$queryRaw<{ entries: bigint; commits: bigint }[]>`
      SELECT count(*) AS entries, count(DISTINCT xmin::text) AS commits FROM audit_logs WHERE target_id = 'one-commit'`;
    expect(sealed).toEqual({ entries: 1n, commits: 1n });
    expect(await pendingCount()).toBe(0);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("chains entries of a REPEATABLE READ transaction: the seal runs after it, in READ COMMITTED", async () => {
    await db().$transaction((tx) => appendAuditEntry(tx, entry("repeatable")), { isolationLevel: "RepeatableRead" });
    // Committed unchained (db().$transaction is not one of the helpers that seal after commit).
    expect(await chainOf(["repeatable"])).toEqual([]);
    await sealAuditChain(pgPool());
    expect(await chainOf(["repeatable"])).toHaveLength(1);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("refuses to seal in a REPEATABLE READ transaction, whose snapshot predates the lock and would fork the chain", async () => {
    await expect(
      db().$transaction((tx) => tx.$queryRaw`SELECT audit_log_seal_committed()`, { isolationLevel: "RepeatableRead" }),
    ).rejects.toThrow(/READ COMMITTED/);
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

  it("leaves a committed entry whose seal never ran to the next seal of any process, in the order of its transaction", async () => {
    const client = await pgPool().connect();
    try {
      // A bare BEGIN/COMMIT, as a process that ended between its commit and its seal leaves it.
      await client.query("BEGIN");
      await appendAuditEntries(client, [entry("orphan-1"), entry("orphan-2")]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect(await chainOf(["orphan-1", "orphan-2"])).toEqual([]);
    expect(await pendingCount()).toBe(2);
    await transaction((tx) => appendAuditEntry(tx, entry("next-writer")));
    const chain = await chainOf(["orphan-1", "orphan-2", "next-writer"]);
    expect(chain.map((row) => row.target_id)).toEqual(["orphan-1", "orphan-2", "next-writer"]);
    expect(chain[2].previous_hash).toBe(chain[1].current_hash);
    expect(await pendingCount()).toBe(0);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });
});
