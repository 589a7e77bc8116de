import { config } from "../config/env";
import { db } from "../db/client";

export const accountThrottleKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const ipThrottleKey = (ip: string) => `ip:${ip}`;

interface ThrottleRule {
  key: string;
  limit: number;
  /** An address counts failures within a window; an account counts consecutive failures. */
  windowed: boolean;
}

function rulesFor(email: string, ip: string): { ip: ThrottleRule; account: ThrottleRule } {
  return {
    ip: { key: ipThrottleKey(ip), limit: Math.max(1, config.loginMaxIpFailures), windowed: true },
    account: { key: accountThrottleKey(email), limit: Math.max(1, config.loginMaxAccountFailures), windowed: false },
  };
}

/**
 * Takes one attempt slot on the key in a single upsert, so concurrent attempts (in any process)
 * cannot all slip under the limit: `failures` counts failed and in-flight attempts. A key whose
 * slots are all taken becomes blocked; an expired block (or window) starts a fresh count.
 * Returns the seconds to wait, or 0 when the attempt may go ahead.
 */
async function reserveSlot(rule: ThrottleRule): Promise<number> {
  const lockMinutes = config.loginLockMinutes;
  const rows = await db().$queryRaw<{ wait: number | null }[]>`
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
    RETURNING CASE WHEN blocked_until > now() THEN ceil(extract(epoch FROM blocked_until - now()))::int END AS wait`;
  return Math.max(0, rows[0]?.wait ?? 0);
}

async function releaseSlot(key: string): Promise<void> {
  await db().$executeRaw`
    UPDATE login_throttles SET failures = greatest(failures - 1, 0)
    WHERE key = ${key} AND (blocked_until IS NULL OR blocked_until <= now())`;
  await db().$executeRaw`DELETE FROM login_throttles WHERE key = ${key} AND failures = 0 AND blocked_until IS NULL`;
}

/**
 * Reserves the attempt on the address and then the account; when either is blocked, nothing
 * stays charged and the answer is the seconds to wait (> 0). 0 means: verify the password.
 */
export async function reserveLoginAttempt(email: string, ip: string): Promise<number> {
  const rules = rulesFor(email, ip);
  const ipWait = await reserveSlot(rules.ip);
  if (ipWait > 0) return ipWait;
  const accountWait = await reserveSlot(rules.account);
  if (accountWait > 0) await releaseSlot(rules.ip.key);
  return accountWait;
}

/** The reserved attempt failed: a key whose slots are now all failures is blocked. */
export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const lockMinutes = config.loginLockMinutes;
  for (const rule of Object.values(rulesFor(email, ip))) {
    await db().$executeRaw`
      UPDATE login_throttles SET blocked_until = now() + make_interval(mins => ${lockMinutes})
      WHERE key = ${rule.key} AND failures >= ${rule.limit} AND (blocked_until IS NULL OR blocked_until <= now())`;
  }
}

/** The reserved attempt succeeded: the account's consecutive failures are forgotten, the address slot freed. */
export async function recordLoginSuccess(email: string, ip: string): Promise<void> {
  const rules = rulesFor(email, ip);
  await db().$executeRaw`DELETE FROM login_throttles WHERE key = ${rules.account.key}`;
  await releaseSlot(rules.ip.key);
}

/**
 * Gives both slots back without clearing the account's count: a right password of an account
 * with two-factor authentication is not yet a success, so guessing codes keeps counting; an
 * attempt the directory could not decide (it was down) counts neither way.
 */
export async function releaseLoginAttempt(email: string, ip: string): Promise<void> {
  const rules = rulesFor(email, ip);
  await releaseSlot(rules.account.key);
  await releaseSlot(rules.ip.key);
}
