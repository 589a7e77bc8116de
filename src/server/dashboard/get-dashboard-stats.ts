import type { Principal } from "../auth/principal";
import { can } from "../authz/ability";
import { visibleEmailsCondition } from "../archived-emails/visible-emails-condition";
import { db } from "../db/client";
import { visibleSourceEmailCounts } from "../archived-emails/visible-source-email-counts";
import { isFeatureEnabled } from "../license/license";
import { forecastDeletions } from "../lifecycle/forecast-deletions";

export interface DashboardStats {
  emailsArchived: number;
  storageBytes: number;
  emailsOnHold: number;
  sources: { id: string; name: string; provider: string; status: string; statusMessage: string | null; emailCount: number }[];
  growth: { month: string; count: number }[];
  /** Deletions expected per week over the next 90 days; null when the caller may not see the forecast. */
  forecastByWeek: { weekStart: string; count: number }[] | null;
}

/** The dashboard's figures, within the caller's archive scope. */
export async function getDashboardStats(options: { principal: Principal }): Promise<DashboardStats> {
  const visible = visibleEmailsCondition(options.principal);
  const [totals, held, sources, growth] = await Promise.all([
    db().$queryRaw<{ emails: bigint; bytes: bigint | null }[]>`SELECT count(*) AS emails, sum(e.size_bytes) AS bytes FROM archived_emails e WHERE ${visible}`,
    db().$queryRaw<{ n: bigint }[]>`
      SELECT count(DISTINCT link.email_id) AS n FROM email_legal_holds link
      JOIN legal_holds hold ON hold.id = link.legal_hold_id JOIN archived_emails e ON e.id = link.email_id
      WHERE hold.is_active AND ${visible}`,
    sourcesWithCounts(options.principal),
    db().$queryRaw<{ month: string; n: bigint }[]>`
      SELECT to_char(date_trunc('month', e.archived_at), 'YYYY-MM') AS month, count(*) AS n FROM archived_emails e
      WHERE e.archived_at > now() - interval '12 months' AND ${visible} GROUP BY 1 ORDER BY 1`,
  ]);
  const forecast =
    can(options.principal.ability, "manage:all") && isFeatureEnabled("RETENTION_POLICY") ? (await forecastDeletions({ days: 90 })).byWeek : null;
  return {
    emailsArchived: Number(totals[0].emails),
    storageBytes: Number(totals[0].bytes ?? 0),
    emailsOnHold: Number(held[0].n),
    sources: sources.map((source) => ({ id: source.id, name: source.name, provider: source.provider, status: source.status, statusMessage: source.status_message, emailCount: source.emailCount })),
    growth: growth.map((row) => ({ month: row.month, count: Number(row.n) })),
    forecastByWeek: forecast,
  };
}

/** Each source with the number of its emails the caller may read. */
async function sourcesWithCounts(principal: Principal) {
  const sources = await db().$queryRaw<{ id: string; name: string; provider: string; status: string; status_message: string | null }[]>`
    SELECT s.id, s.name, s.provider, s.status, s.status_message FROM ingestion_sources s ORDER BY s.created_at`;
  const counts = await visibleSourceEmailCounts(principal, sources.map((source) => source.id));
  return sources.map((source) => ({ ...source, emailCount: counts.get(source.id) ?? 0 }));
}
