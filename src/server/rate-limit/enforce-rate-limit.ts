import type { Principal } from "../auth/principal";
import { config } from "../config/env";
import { db } from "../db/client";
import { AppError } from "../errors/app-error";

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
 * Counts the request in its principal's fixed window with one upsert, so every server process
 * sharing the database shares the budget and concurrent requests cannot all slip under it.
 * A request over the budget is refused with RATE_LIMITED and the seconds until the window ends.
 */
export async function enforceRateLimit(options: { principal: Principal; action: RateLimitedAction }): Promise<void> {
  const limit = config.rateLimits[options.action];
  if (limit === 0) return;
  const windowSeconds = config.rateLimitWindowSeconds;
  const key = rateLimitKey(options.action, options.principal.userId);
  const rows = await db().$queryRaw<{ count: number; retry_after: number }[]>`
    INSERT INTO request_rate_limits AS r (key, count, window_start)
    VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE r.window_start END
    RETURNING count,
      greatest(1, ceil(extract(epoch FROM window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry_after`;
  const { count, retry_after: retryAfterSeconds } = rows[0];
  if (count > limit) {
    throw new AppError("RATE_LIMITED", `Too many ${DESCRIPTIONS[options.action]} requests; retry in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
    });
  }
}
