import { Prisma } from "@/generated/prisma/client";
import { queryOne, type SqlClient } from "../db/sql-client";

/**
 * Counts one request under `key` in its fixed window with one upsert (a window older than
 * `windowSeconds` starts over); answers the window's count and the seconds until it ends.
 */
export async function countRequestInWindow(
  client: SqlClient,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const row = await queryOne<{ count: number; retry_after: number }>(
    client,
    Prisma.sql`
    INSERT INTO request_rate_limits AS r (key, count, window_start)
    VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE r.window_start END
    RETURNING count,
      greatest(1, ceil(extract(epoch FROM window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry_after`,
  );
  return { count: row!.count, retryAfterSeconds: row!.retry_after };
}
