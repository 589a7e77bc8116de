import { config } from "../config/env";
import { db } from "../db/client";

export const accountThrottleKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const ipThrottleKey = (ip: string) => `ip:${ip}`;

/** Seconds until the key may try again, or 0 when it is not blocked. */
export async function blockedForSeconds(keys: string[]): Promise<number> {
  const rows = await db().$queryRaw<{ seconds: number }[]>`
    SELECT ceil(extract(epoch FROM max(blocked_until) - now()))::int AS seconds
    FROM login_throttles WHERE key = ANY(${keys}::text[]) AND blocked_until > now()`;
  return Math.max(0, rows[0]?.seconds ?? 0);
}

/**
 * Counts one failure for the account (consecutive) and the address (within the window), atomically
 * in SQL so every server process agrees, and blocks a key that reaches its limit.
 */
export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const lockMinutes = config.loginLockMinutes;
  const limits: [string, number][] = [
    [accountThrottleKey(email), config.loginMaxAccountFailures],
    [ipThrottleKey(ip), config.loginMaxIpFailures],
  ];
  for (const [key, limit] of limits) {
    await db().$executeRaw`
      INSERT INTO login_throttles AS t (key, failures, window_start, blocked_until)
      VALUES (${key}, 1, now(), CASE WHEN 1 >= ${limit} THEN now() + make_interval(mins => ${lockMinutes}) END)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN t.window_start < now() - make_interval(mins => ${lockMinutes}) THEN 1 ELSE t.failures + 1 END,
        window_start = CASE WHEN t.window_start < now() - make_interval(mins => ${lockMinutes}) THEN now() ELSE t.window_start END,
        blocked_until = CASE
          WHEN (CASE WHEN t.window_start < now() - make_interval(mins => ${lockMinutes}) THEN 1 ELSE t.failures + 1 END) >= ${limit}
          THEN now() + make_interval(mins => ${lockMinutes})
          ELSE t.blocked_until END`;
  }
}

/** A successful login clears the account's consecutive-failure count. */
export async function clearAccountFailures(email: string): Promise<void> {
  await db().$executeRaw`DELETE FROM login_throttles WHERE key = ${accountThrottleKey(email)}`;
}
