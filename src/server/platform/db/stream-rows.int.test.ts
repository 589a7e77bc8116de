import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { db } from "./client";
import { pgPool } from "./pg-pool";
import { streamRows } from "./stream-rows";

const openTransactions = async () =>
  Number(
    (
      await db().$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`
    )[0].n,
  );

const ownConnections = async () =>
  Number(
    (
      await db().$queryRaw<
        { n: bigint }[]
      >`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`
    )[0].n,
  );

describe("streamRows", () => {
  it("reads a query's rows in batches through one cursor", async () => {
    const batches: number[][] = [];
    for await (const rows of streamRows<{ n: number }>(Prisma.sql`SELECT n FROM generate_series(1, ${2500}::int) AS n ORDER BY n`, 1000)) {
      batches.push(rows.map((row) => row.n));
    }
    expect(batches.map((batch) => batch.length)).toEqual([1000, 1000, 500]);
    expect(batches.flat()).toEqual(Array.from({ length: 2500 }, (_, index) => index + 1));
  });

  it("plans the cursor for all of its rows, with the work_mem asked for, in its own transaction only", async () => {
    const settings = Prisma.sql`SELECT current_setting('cursor_tuple_fraction') AS fraction, current_setting('work_mem') AS memory`;
    const read = async (options?: { workMemMb?: number }) => {
      const rows: { fraction: string; memory: string }[] = [];
      for await (const batch of streamRows<{ fraction: string; memory: string }>(settings, 10, options)) rows.push(...batch);
      return rows[0];
    };
    const serverDefault = (await db().$queryRaw<{ memory: string }[]>`SELECT current_setting('work_mem') AS memory`)[0].memory;
    expect(await read({ workMemMb: 48 })).toEqual({ fraction: "1", memory: "48MB" });
    expect(await read()).toEqual({ fraction: "1", memory: serverDefault });
    expect(await read({ workMemMb: 0 })).toEqual({ fraction: "1", memory: serverDefault });
  });

  it("closes its transaction and its connection when the reader stops early or the query fails", async () => {
    const connections = await ownConnections();
    for await (const rows of streamRows<{ n: number }>(Prisma.sql`SELECT n FROM generate_series(1, 10000) AS n`, 100)) {
      expect(rows).toHaveLength(100);
      break;
    }
    expect(await openTransactions()).toBe(0);
    const failing = async () => {
      for await (const rows of streamRows(Prisma.sql`SELECT 1 / (n - 150) FROM generate_series(1, 300) AS n`, 100))
        expect(rows).toHaveLength(100);
    };
    await expect(failing()).rejects.toThrow(/division by zero/);
    expect(await openTransactions()).toBe(0);
    await expect.poll(ownConnections).toBe(connections);
  });

  it("does not take a connection of the pool, which its caller may be holding", async () => {
    await db().$queryRaw`SELECT 1`;
    const pool = pgPool();
    const inUse = () => ({ total: pool.totalCount, busy: pool.totalCount - pool.idleCount });
    const before = inUse();
    const batches: number[] = [];
    for await (const rows of streamRows<{ n: number }>(Prisma.sql`SELECT n FROM generate_series(1, 250) AS n`, 100)) {
      expect(inUse()).toEqual(before);
      batches.push(rows.length);
    }
    expect(batches).toEqual([100, 100, 50]);
  });
});
