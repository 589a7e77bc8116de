import { Prisma } from "@/generated/prisma/client";
import { queryOne, querySql, runSql, type SqlClient } from "../platform/db/sql-client";

/** The kept archive figures by UTC month, and how many rows beyond one per source each month has. */
export async function selectArchiveStatMonths(client: SqlClient) {
  return querySql<{ month: string; emails: string; bytes: string; surplus: number }>(
    client,
    Prisma.sql`
    SELECT to_char(month, 'YYYY-MM-DD') AS month, sum(emails)::text AS emails, sum(bytes)::text AS bytes,
           (count(*) - count(DISTINCT ingestion_source_id))::int AS surplus
      FROM archive_stat_deltas GROUP BY month ORDER BY month`,
  );
}

/** Number and size of the emails `visible` (a condition on `e`) lets through. */
export async function selectVisibleArchiveTotals(client: SqlClient, visible: Prisma.Sql) {
  const row = await queryOne<{ emails: string; bytes: string | null }>(
    client,
    Prisma.sql`SELECT count(*)::text AS emails, sum(e.size_bytes)::text AS bytes FROM archived_emails e WHERE ${visible}`,
  );
  return row!;
}

/** Emails `visible` lets through archived per UTC month (YYYY-MM) from the day `since` (YYYY-MM-DD) on. */
export async function selectVisibleArchiveGrowth(client: SqlClient, visible: Prisma.Sql, since: string) {
  return querySql<{ month: string; n: number }>(
    client,
    Prisma.sql`
    SELECT to_char(date_trunc('month', e.archived_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS n
      FROM archived_emails e WHERE e.archived_at >= ${`${since}T00:00:00Z`}::timestamptz AND ${visible} GROUP BY 1 ORDER BY 1`,
  );
}

/**
 * Replaces the rows by one per source and month in one statement; exact under concurrent appends
 * and folds for the reasons kept-counts.ts gives. Each source is locked (FOR KEY SHARE) before
 * its rows, the order a source's deletion takes them in (the source, then its rows in the
 * cascade), so a fold waits for a deletion or the deletion for it, and a deleted source's rows
 * are neither folded nor re-inserted.
 */
export async function foldArchiveStatDeltas(client: SqlClient): Promise<void> {
  await runSql(
    client,
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
