import { Prisma } from "@/generated/prisma/client";
import { queryOne, runSql, type SqlClient } from "../../platform/db/sql-client";

export interface ThrottleRule {
  key: string;
  limit: number;
  /** An address counts failures within a window; an account counts consecutive failures. */
  windowed: boolean;
}

/**
 * Takes one attempt slot on the key in a single upsert, so concurrent attempts (in any process)
 * cannot all slip under the limit: `failures` counts failed and in-flight attempts. A key whose
 * slots are all taken becomes blocked; an expired block (or window) starts a fresh count.
 * Returns the seconds to wait, or 0 when the attempt may go ahead.
 */
export async function reserveThrottleSlot(client: SqlClient, rule: ThrottleRule, lockMinutes: number): Promise<number> {
  const row = await queryOne<{ wait: number | null }>(
    client,
    Prisma.sql`
    INSERT INTO login_throttles AS t (key, failures, window_start, blocked_until)
    VALUES (${rule.key}, 1, now(), NULL)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE
        WHEN t.blocked_until > now() THEN t.failures
        WHEN t.blocked_until IS NOT NULL
          OR (${rule.windowed} AND t.window_start <= now() - make_interval(mins => ${lockMinutes})) THEN 1
        WHEN t.failures >= ${rule.limit} THEN t.failures
        ELSE t.failures + 1 END,
      window_start = CASE
        WHEN t.blocked_until > now() THEN t.window_start
        WHEN t.blocked_until IS NOT NULL
          OR (${rule.windowed} AND t.window_start <= now() - make_interval(mins => ${lockMinutes})) THEN now()
        ELSE t.window_start END,
      blocked_until = CASE
        WHEN t.blocked_until > now() THEN t.blocked_until
        WHEN t.blocked_until IS NOT NULL
          OR (${rule.windowed} AND t.window_start <= now() - make_interval(mins => ${lockMinutes})) THEN NULL
        WHEN t.failures >= ${rule.limit} THEN now() + make_interval(mins => ${lockMinutes})
        ELSE NULL END
    RETURNING CASE WHEN blocked_until > now() THEN ceil(extract(epoch FROM blocked_until - now()))::int END AS wait`,
  );
  return Math.max(0, row?.wait ?? 0);
}

/** Gives an attempt slot back (unless the key is blocked) and forgets a key left with nothing counted. */
export async function releaseThrottleSlot(client: SqlClient, key: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    UPDATE login_throttles SET failures = greatest(failures - 1, 0)
    WHERE key = ${key} AND (blocked_until IS NULL OR blocked_until <= now())`,
  );
  await runSql(client, Prisma.sql`DELETE FROM login_throttles WHERE key = ${key} AND failures = 0 AND blocked_until IS NULL`);
}

/** Blocks the key for `lockMinutes` once its failures reach the limit (unless already blocked). */
export async function blockSpentThrottle(client: SqlClient, rule: ThrottleRule, lockMinutes: number): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    UPDATE login_throttles SET blocked_until = now() + make_interval(mins => ${lockMinutes})
    WHERE key = ${rule.key} AND failures >= ${rule.limit} AND (blocked_until IS NULL OR blocked_until <= now())`,
  );
}

export async function deleteThrottle(client: SqlClient, key: string): Promise<void> {
  await runSql(client, Prisma.sql`DELETE FROM login_throttles WHERE key = ${key}`);
}
