import { db } from "../../platform/db/client";
import { selectForecastBuckets, type BucketRow } from "./lifecycle.queries";
import { DAY_MS, loadEnabledPolicies, loadLabels, type RuleType } from "./retention-rules.queries";

export interface DeletionForecast {
  generatedAt: string;
  days: number;
  /** generatedAt + days: every email eligible by then is counted. */
  horizon: string;
  total: number;
  /** Already eligible: what the next cycle deletes unless a hold or label intervenes first. */
  dueNow: number;
  byRule: { type: Exclude<RuleType, "legalHold" | "none">; id: string; name: string; retentionPeriodDays: number; count: number }[];
  /** UTC dates; emails already eligible fall on today. Days without deletions are left out. */
  byDay: { date: string; count: number }[];
  /** ISO weeks (Monday, UTC) for coarser charts. */
  byWeek: { weekStart: string; count: number }[];
  /**
   * Emails due under review rules without an approval: the lifecycle does not delete them but
   * queues them for review (docs/retention.md "Disposition review"); they are not in the counts above.
   */
  reviews: {
    /** Already due: in the review queue, or entering it at the next cycle. */
    awaitingDecision: number;
    /** Becoming due for review within the horizon. */
    upcoming: number;
    byRule: {
      type: "label" | "policy";
      id: string;
      name: string;
      retentionPeriodDays: number;
      awaitingDecision: number;
      upcoming: number;
    }[];
  };
}

/**
 * How many emails the lifecycle will delete within `days` days if nothing changes, computed in
 * SQL with the very queries the cycle uses (retention-rules.queries.ts); emails under an active hold
 * are left out, as the cycle spares them.
 */
export async function forecastDeletions(options: { days: number; now?: Date }): Promise<DeletionForecast> {
  const now = options.now ?? new Date();
  const horizon = new Date(now.getTime() + options.days * DAY_MS);
  const client = db();
  const [labels, policies] = await Promise.all([loadLabels(client), loadEnabledPolicies(client)]);
  const buckets = await selectForecastBuckets(client, { labels, policies, now, horizon });
  const rows = buckets.filter((row) => row.deletes);
  const reviewRows = buckets.filter((row) => !row.deletes);
  const dueNow = (group: BucketRow[]) => group.reduce((total, row) => total + row.due_now, 0);
  return {
    generatedAt: now.toISOString(),
    days: options.days,
    horizon: horizon.toISOString(),
    total: sum(rows),
    dueNow: dueNow(rows),
    byRule: groupCounts(rows, (row) => `${row.rule_type}:${row.rule_id}`)
      .map(([, group]) => ({
        type: group[0].rule_type,
        id: group[0].rule_id,
        name: group[0].rule_name,
        retentionPeriodDays: group[0].period_days,
        count: sum(group),
      }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    byDay: groupCounts(rows, (row) => row.day).map(([date, group]) => ({ date, count: sum(group) })),
    byWeek: groupCounts(rows, (row) => row.week_start).map(([weekStart, group]) => ({ weekStart, count: sum(group) })),
    reviews: {
      awaitingDecision: dueNow(reviewRows),
      upcoming: sum(reviewRows) - dueNow(reviewRows),
      byRule: groupCounts(reviewRows, (row) => `${row.rule_type}:${row.rule_id}`).map(([, group]) => ({
        type: group[0].rule_type,
        id: group[0].rule_id,
        name: group[0].rule_name,
        retentionPeriodDays: group[0].period_days,
        awaitingDecision: dueNow(group),
        upcoming: sum(group) - dueNow(group),
      })),
    },
  };
}

const sum = (rows: BucketRow[]) => rows.reduce((total, row) => total + row.count, 0);

/** Groups in first-seen order (rows arrive sorted by day). */
function groupCounts(rows: BucketRow[], keyOf: (row: BucketRow) => string): [string, BucketRow[]][] {
  const groups = new Map<string, BucketRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.entries()];
}
