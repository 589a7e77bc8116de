import { db } from "../../src/server/platform/db/client";

/** Counters of attempts, not data: the rate limit charges rejected requests of permitted callers too. */
const BOOKKEEPING_TABLES = new Set(["request_rate_limits"]);

/** Row counts of every application table plus the settings: equal before and after a rejected request. */
export async function databaseFingerprint(): Promise<string> {
  const tables = (
    await db().$queryRaw<{ tablename: string }[]>`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`
  )
    .map(({ tablename }) => tablename)
    .filter((table) => !BOOKKEEPING_TABLES.has(table));
  const counts = await db().$queryRawUnsafe<{ t: string; n: bigint }[]>(
    tables.map((table) => `SELECT '${table}' AS t, count(*) AS n FROM "${table}"`).join(" UNION ALL "),
  );
  const settings = await db().setting.findMany({ orderBy: { key: "asc" } });
  return JSON.stringify([counts.map(({ t, n }) => `${t}:${n}`), settings.map((setting) => [setting.key, setting.value])]);
}
