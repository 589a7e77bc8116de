import type { PoolClient } from "pg";
import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { pgPool } from "./pg-pool";
import { queryOne, querySql, runSql } from "./sql-client";
import { withEnv } from "@tests/helpers/with-env";

const preparedTexts = async (client: PoolClient) =>
  (await client.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE NOT from_sql")).rows.map(
    (row) => row.statement,
  );

const withConnection = async <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => {
  const client = await pgPool().connect();
  try {
    await client.query("DEALLOCATE ALL");
    return await work(client);
  } finally {
    client.release(true); // a fresh connection for the next test: pg remembers what it prepared
  }
};

describe("prepared hot statements", () => {
  it("prepares a statement once per connection and binds each call's values", async () => {
    await withConnection(async (client) => {
      const twice = (value: number) => Prisma.sql`SELECT ${value}::int * 2 AS doubled`;
      expect(await queryOne<{ doubled: number }>(client, twice(3), { prepare: true })).toEqual({ doubled: 6 });
      expect(await queryOne<{ doubled: number }>(client, twice(21), { prepare: true })).toEqual({ doubled: 42 });
      expect(await preparedTexts(client)).toEqual([twice(0).text]);

      const other = Prisma.sql`SELECT ${"x"}::text || 'y' AS joined`;
      expect(await querySql(client, other, { prepare: true })).toEqual([{ joined: "xy" }]);
      expect(await runSql(client, Prisma.sql`SELECT generate_series(1, ${4}::int)`, { prepare: true })).toBe(4);
      expect((await preparedTexts(client)).sort()).toEqual(
        [twice(0).text, other.text, Prisma.sql`SELECT generate_series(1, ${4}::int)`.text].sort(),
      );
    });
  });

  it("leaves statements unprepared unless asked, or when DATABASE_PREPARED_STATEMENTS=false", async () => {
    await withConnection(async (client) => {
      await querySql(client, Prisma.sql`SELECT ${1}::int AS one`);
      expect(await preparedTexts(client)).toEqual([]);
      await withEnv({ DATABASE_PREPARED_STATEMENTS: "false" }, async () => {
        expect(await querySql(client, Prisma.sql`SELECT ${1}::int AS one`, { prepare: true })).toEqual([{ one: 1 }]);
        expect(await preparedTexts(client)).toEqual([]);
      });
    });
  });
});
