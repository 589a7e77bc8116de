import type { Prisma } from "@/generated/prisma/client";
import { pgPool } from "../platform/db/pg-pool";
import { readPool } from "../platform/db/replica-reads";
import {
  foldArchiveStatDeltas,
  selectArchiveStatMonths,
  selectVisibleArchiveGrowth,
  selectVisibleArchiveTotals,
} from "./archive-stats.queries";

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
 * Read from the read replica in a request routed to it (readPool()); the fold writes on the primary.
 */
export async function keptArchiveStats(since: string): Promise<ArchiveStats> {
  const rows = await selectArchiveStatMonths(readPool());
  if (rows.reduce((sum, row) => sum + row.surplus, 0) > FOLD_AFTER_SURPLUS_ROWS) await foldArchiveStatDeltas(pgPool());
  return {
    emails: rows.reduce((sum, row) => sum + Number(row.emails), 0),
    bytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0),
    growth: rows
      .filter((row) => row.month >= since && Number(row.emails) > 0)
      .map((row) => ({ month: row.month.slice(0, 7), count: Number(row.emails) })),
  };
}

/** Every archived email, from the same trigger-kept rows (explain measures broad clauses against it). */
export async function keptArchiveEmailCount(): Promise<number> {
  return (await keptArchiveStats(utcMonthStart(new Date(), 0))).emails;
}

/** The same figures counted from the emails a role's condition lets its holder read. */
export async function countedArchiveStats(visible: Prisma.Sql, since: string): Promise<ArchiveStats> {
  const [totals, growth] = await Promise.all([
    selectVisibleArchiveTotals(readPool(), visible),
    selectVisibleArchiveGrowth(readPool(), visible, since),
  ]);
  return {
    emails: Number(totals.emails),
    bytes: Number(totals.bytes ?? 0),
    growth: growth.map((row) => ({ month: row.month, count: row.n })),
  };
}
