import { Prisma } from "@/generated/prisma/client";
import { pgPool } from "../db/pg-pool";
import { querySql, runSql } from "../db/sql-client";

export interface ArchiveStats {
  emails: number;
  bytes: number;
  /** Emails archived per UTC month from `since` on (months without any are left out). */
  growth: { month: string; count: number }[];
}

/** Rows beyond one per source and month before a reader folds them. */
const FOLD_AFTER_SURPLUS_ROWS = 100;

/** The first day (UTC) of the month `monthsBack` months before the one `now` falls in, as YYYY-MM-DD. */
export function utcMonthStart(now: Date, monthsBack: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
}

/**
 * The whole archive's figures from the rows the triggers of migration 20261123210000_archive_month_stats
 * keep (one signed row per source, UTC month of archivedAt and statement): O(rows), not O(emails).
 */
export async function keptArchiveStats(since: string): Promise<ArchiveStats> {
  const rows = await querySql<{ month: string; emails: string; bytes: string; surplus: number }>(
    pgPool(),
    Prisma.sql`
    SELECT to_char(month, 'YYYY-MM-DD') AS month, sum(emails)::text AS emails, sum(bytes)::text AS bytes,
           (count(*) - count(DISTINCT ingestion_source_id))::int AS surplus
      FROM archive_stat_deltas GROUP BY month ORDER BY month`,
  );
  if (rows.reduce((sum, row) => sum + row.surplus, 0) > FOLD_AFTER_SURPLUS_ROWS) await foldArchiveStats();
  return {
    emails: rows.reduce((sum, row) => sum + Number(row.emails), 0),
    bytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0),
    growth: rows
      .filter((row) => row.month >= since && Number(row.emails) > 0)
      .map((row) => ({ month: row.month.slice(0, 7), count: Number(row.emails) })),
  };
}

/** The same figures counted from the emails a role's condition lets its holder read. */
export async function countedArchiveStats(visible: Prisma.Sql, since: string): Promise<ArchiveStats> {
  const [totals, growth] = await Promise.all([
    querySql<{ emails: string; bytes: string | null }>(
      pgPool(),
      Prisma.sql`
      SELECT count(*)::text AS emails, sum(e.size_bytes)::text AS bytes FROM archived_emails e WHERE ${visible}`,
    ),
    querySql<{ month: string; n: number }>(
      pgPool(),
      Prisma.sql`
      SELECT to_char(date_trunc('month', e.archived_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS n
        FROM archived_emails e WHERE e.archived_at >= ${`${since}T00:00:00Z`}::timestamptz AND ${visible} GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  return {
    emails: Number(totals[0].emails),
    bytes: Number(totals[0].bytes ?? 0),
    growth: growth.map((row) => ({ month: row.month, count: row.n })),
  };
}

/**
 * Replaces the rows by one per source and month in one statement; exact under concurrent appends
 * and folds for the reasons kept-counts.ts gives. Each source is locked (FOR KEY SHARE) before
 * its rows, the order a source's deletion takes them in (the source, then its rows in the
 * cascade), so a fold waits for a deletion or the deletion for it, and a deleted source's rows
 * are neither folded nor re-inserted.
 */
async function foldArchiveStats(): Promise<void> {
  await runSql(
    pgPool(),
    Prisma.sql`
    WITH sources AS (SELECT id FROM ingestion_sources ORDER BY id FOR KEY SHARE),
         folded AS (
           DELETE FROM archive_stat_deltas d USING sources s WHERE d.ingestion_source_id = s.id
           RETURNING d.ingestion_source_id, d.month, d.emails, d.bytes)
    INSERT INTO archive_stat_deltas (ingestion_source_id, month, emails, bytes)
    SELECT ingestion_source_id, month, sum(emails), sum(bytes) FROM folded GROUP BY 1, 2
    HAVING sum(emails) <> 0 OR sum(bytes) <> 0`,
  );
}
