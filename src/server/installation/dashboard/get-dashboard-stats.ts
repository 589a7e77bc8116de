import type { Principal } from "../../identity/auth/principal";
import { can } from "../../identity/authz/ability";
import { readsWholeArchive } from "../../identity/authz/content-scope";
import { visibleEmailsCondition } from "../../archive/archived-emails.queries";
import { readPool } from "../../platform/db/replica-reads";
import { visibleSourceEmailCounts } from "../../archive/visible-source-email-counts";
import { isFeatureEnabled } from "../../settings/license/license";
import { forecastDeletions } from "../../retention/lifecycle/forecast-deletions";
import { countedArchiveStats, keptArchiveStats, utcMonthStart } from "../../archive/archive-stats";
import { countVisibleEmailsOnHold, selectSourceStatuses } from "./dashboard.queries";
import { storageUsage, type StorageUsage } from "../../archive/storage/storage-usage";

export interface DashboardStats {
  emailsArchived: number;
  storageBytes: number;
  emailsOnHold: number;
  /**
   * Name, status and message are null (redacted) for a caller who may not read the whole archive, who
   * sees only the sources holding emails they may read (docs/security.md).
   */
  sources: { id: string; name: string | null; provider: string; status: string | null; statusMessage: string | null; emailCount: number }[];
  growth: { month: string; count: number }[];
  /** Deletions expected per week over the next 90 days; null when the caller may not see the forecast. */
  forecastByWeek: { weekStart: string; count: number }[] | null;
  /**
   * Logical and stored bytes per source and in total (docs/operations.md, "Storage figures"), for a
   * caller who reads the whole archive (undefined otherwise); null before the worker first measured them.
   */
  storageUsage?: StorageUsage | null;
}

/** Months of archive growth shown, the current one included. */
const GROWTH_MONTHS = 12;

/**
 * The dashboard's figures, within the caller's archive scope. For a caller who sees the whole
 * archive, the totals and the growth come from trigger-kept rows (archive-stats.ts), so the page
 * costs the same at any archive size; a restricted role's are counted. In a request routed to a
 * read replica the counts come from it (readPool()); the forecast and storage figures from the primary.
 */
export async function getDashboardStats(options: { principal: Principal; now?: Date }): Promise<DashboardStats> {
  const since = utcMonthStart(options.now ?? new Date(), GROWTH_MONTHS - 1);
  const wholeArchive = readsWholeArchive(options.principal.ability);
  const visible = visibleEmailsCondition(options.principal);
  const [archive, held, sources] = await Promise.all([
    wholeArchive ? keptArchiveStats(since) : countedArchiveStats(visible, since),
    countVisibleEmailsOnHold(readPool(), visible),
    sourcesWithCounts(options.principal),
  ]);
  const forecast =
    can(options.principal.ability, "manage:retention") && isFeatureEnabled("RETENTION_POLICY")
      ? (await forecastDeletions({ days: 90 })).byWeek
      : null;
  const usage = wholeArchive ? await storageUsage() : undefined;
  return {
    ...(usage === undefined ? {} : { storageUsage: usage }),
    emailsArchived: archive.emails,
    storageBytes: archive.bytes,
    emailsOnHold: held,
    sources: wholeArchive
      ? sources.map((source) => ({
          id: source.id,
          name: source.name,
          provider: source.provider,
          status: source.status,
          statusMessage: source.status_message,
          emailCount: source.emailCount,
        }))
      : sources
          .filter((source) => source.emailCount > 0)
          .map((source) => ({
            id: source.id,
            name: null,
            provider: source.provider,
            status: null,
            statusMessage: null,
            emailCount: source.emailCount,
          })),
    growth: archive.growth,
    forecastByWeek: forecast,
  };
}

/** Each source with the number of its emails the caller may read. */
async function sourcesWithCounts(principal: Principal) {
  const sources = await selectSourceStatuses(readPool());
  const counts = await visibleSourceEmailCounts(
    principal,
    sources.map((source) => source.id),
  );
  return sources.map((source) => ({ ...source, emailCount: counts.get(source.id) ?? 0 }));
}
