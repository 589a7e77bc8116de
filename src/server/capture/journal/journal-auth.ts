import { appendAuditEntry } from "../../audit/append-audit-entry";
import {
  blockSpentThrottle,
  releaseThrottleSlot,
  reserveThrottleSlot,
  type ThrottleRule,
} from "../../identity/auth/login-throttle.queries";
import { config } from "../../platform/config/env";
import { db } from "../../platform/db/client";
import { authenticate, SmtpReply } from "./journal-routing";
import type { JournalSource } from "./journal-sources";

type AuthFailure = "wrong_password" | "rate_limited";

/** Failed SMTP AUTH counts per client address, in the login throttle's table (shared by every listener process). */
const throttleRule = (remoteAddress: string): ThrottleRule => ({
  key: `smtp-journal:ip:${remoteAddress}`,
  limit: config.journalSmtpLimits.authMaxFailures,
  windowed: true,
});

async function auditFailure(options: { sources: JournalSource[]; username: string; remoteAddress: string; reason: AuthFailure }) {
  const named = options.sources.find((source) => source.username !== undefined && source.username === options.username);
  await appendAuditEntry(db(), {
    actor: { identifier: `smtp:${options.username.slice(0, 320)}`, ip: options.remoteAddress },
    actionType: "LOGIN",
    targetType: "IngestionSource",
    targetId: named?.id ?? options.username.slice(0, 320),
    details: { success: false, reason: options.reason, via: "smtp-journal" },
  });
}

/**
 * SMTP AUTH against the journal sources' credentials (docs/journaling.md, "Who may deliver"): each
 * attempt takes a slot of the client address's throttle first, so after
 * JOURNAL_SMTP_AUTH_MAX_FAILURES failures within LOGIN_LOCK_MINUTES the address is answered 454
 * without the password being checked; every failure (and every refused attempt) is logged and
 * audited as a failed LOGIN of the source the username names.
 */
export async function authenticateJournalClient(options: {
  sources: JournalSource[];
  username: string;
  password: string;
  remoteAddress: string;
  log: (message: string) => void;
}): Promise<JournalSource> {
  const rule = throttleRule(options.remoteAddress);
  const wait = await reserveThrottleSlot(db(), rule, config.loginLockMinutes);
  const failure = async (reason: AuthFailure) => {
    options.log(
      `SMTP AUTH ${reason === "rate_limited" ? "refused (throttled)" : "failed"} for ${JSON.stringify(options.username)} from ${options.remoteAddress}`,
    );
    await auditFailure({ ...options, reason });
  };
  if (wait > 0) {
    await failure("rate_limited");
    throw new SmtpReply(454, `4.7.0 Too many failed authentication attempts; try again in ${wait} s`);
  }
  let source: JournalSource;
  try {
    source = authenticate(options.sources, options.username, options.password);
  } catch (error) {
    await blockSpentThrottle(db(), rule, config.loginLockMinutes);
    await failure("wrong_password");
    throw error;
  }
  await releaseThrottleSlot(db(), rule.key);
  return source;
}
