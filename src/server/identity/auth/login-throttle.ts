import { config } from "../../platform/config/env";
import { db } from "../../platform/db/client";
import { blockSpentThrottle, deleteThrottle, releaseThrottleSlot, reserveThrottleSlot, type ThrottleRule } from "./login-throttle.queries";

export const accountThrottleKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const ipThrottleKey = (ip: string) => `ip:${ip}`;

function rulesFor(email: string, ip: string): { ip: ThrottleRule; account: ThrottleRule } {
  return {
    ip: { key: ipThrottleKey(ip), limit: Math.max(1, config.loginMaxIpFailures), windowed: true },
    account: { key: accountThrottleKey(email), limit: Math.max(1, config.loginMaxAccountFailures), windowed: false },
  };
}

/**
 * Reserves the attempt on the address and then the account; when either is blocked, nothing
 * stays charged and the answer is the seconds to wait (> 0). 0 means: verify the password.
 */
export async function reserveLoginAttempt(email: string, ip: string): Promise<number> {
  const rules = rulesFor(email, ip);
  const ipWait = await reserveThrottleSlot(db(), rules.ip, config.loginLockMinutes);
  if (ipWait > 0) return ipWait;
  const accountWait = await reserveThrottleSlot(db(), rules.account, config.loginLockMinutes);
  if (accountWait > 0) await releaseThrottleSlot(db(), rules.ip.key);
  return accountWait;
}

/** The reserved attempt failed: a key whose slots are now all failures is blocked. */
export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  for (const rule of Object.values(rulesFor(email, ip))) await blockSpentThrottle(db(), rule, config.loginLockMinutes);
}

/** The reserved attempt succeeded: the account's consecutive failures are forgotten, the address slot freed. */
export async function recordLoginSuccess(email: string, ip: string): Promise<void> {
  const rules = rulesFor(email, ip);
  await deleteThrottle(db(), rules.account.key);
  await releaseThrottleSlot(db(), rules.ip.key);
}

/**
 * Gives both slots back without clearing the account's count: a right password of an account
 * with two-factor authentication is not yet a success, so guessing codes keeps counting; an
 * attempt the directory could not decide (it was down) counts neither way.
 */
export async function releaseLoginAttempt(email: string, ip: string): Promise<void> {
  const rules = rulesFor(email, ip);
  await releaseThrottleSlot(db(), rules.account.key);
  await releaseThrottleSlot(db(), rules.ip.key);
}
