import { config } from "../config/env";
import { db } from "../db/client";
import { AppError } from "../errors/app-error";
import { countRequestInWindow } from "./rate-limit.queries";

/** The expensive operations, each with its own budget per principal (RATE_LIMIT_* in docs/configuration.md). */
export type RateLimitedAction = "search" | "bulkApply" | "auditVerify" | "import" | "export";

const DESCRIPTIONS: Record<RateLimitedAction, string> = {
  search: "search",
  bulkApply: "bulk-apply",
  auditVerify: "audit verification",
  import: "import",
  export: "export and download",
};

export const rateLimitKey = (action: RateLimitedAction, userId: string) => `${action}:${userId}`;

/**
 * Counts the request in its caller's fixed window (by user id) with one upsert, so every server process
 * sharing the database shares the budget and concurrent requests cannot all slip under it.
 * A request over the budget is refused with RATE_LIMITED and the seconds until the window ends.
 */
export async function enforceRateLimit(options: { userId: string; action: RateLimitedAction }): Promise<void> {
  const limit = config.rateLimits[options.action];
  if (limit === 0) return;
  const key = rateLimitKey(options.action, options.userId);
  const { count, retryAfterSeconds } = await countRequestInWindow(db(), key, config.rateLimitWindowSeconds);
  if (count > limit) {
    throw new AppError("RATE_LIMITED", `Too many ${DESCRIPTIONS[options.action]} requests; retry in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
    });
  }
}
