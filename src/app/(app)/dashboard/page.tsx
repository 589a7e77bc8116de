"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { BarChart, fillPeriods, monthsUntil, weeksAhead } from "@/components/bar-chart";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { StorageFigures } from "@/components/storage-figures";
import { formatBytes, formatNumber } from "@/lib/format";
import { useCapabilities } from "@/lib/capabilities";
import { useTRPC } from "@/lib/trpc";

const STATUS_TONES: Record<string, string> = {
  synced: "bg-emerald-100 text-emerald-900",
  error: "bg-red-100 text-red-900",
  syncing: "bg-sky-100 text-sky-900",
};

export default function DashboardPage() {
  const trpc = useTRPC();
  const can = useCapabilities();
  const stats = useQuery(trpc.dashboard.stats.queryOptions());
  const reviewQueue = useQuery({ ...trpc.dispositions.queueSize.queryOptions(), enabled: can.retention });
  if (stats.error) return <ErrorNotice error={stats.error} />;
  if (!stats.data) return <Skeleton lines={6} />;
  const data = stats.data;
  const now = new Date();
  return (
    <div className="space-y-6">
      <h1 className="page-title">Dashboard</h1>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          ["Emails archived", formatNumber(data.emailsArchived)],
          // The messages' size as received: what the disk holds is the storage figures' "Stored (on disk)".
          ["Archived size", formatBytes(data.storageBytes)],
          ["Emails on hold", formatNumber(data.emailsOnHold)],
        ].map(([label, value]) => (
          <div key={label} className="card">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold" data-testid={`stat-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {can.retention && reviewQueue.data !== undefined ? (
        <p className="card text-sm" data-testid="review-queue">
          <Link className="link" href="/dispositions">
            Disposition review queue: <strong>{formatNumber(reviewQueue.data)}</strong>{" "}
            {reviewQueue.data === 1 ? "email waits" : "emails wait"} for your decision
          </Link>
        </p>
      ) : null}
      <section className="card" aria-labelledby="sources-heading">
        <h2 id="sources-heading" className="mb-2 text-sm font-medium">
          Ingestion sources
        </h2>
        {data.sources.length === 0 ? (
          <p className="text-sm text-slate-500">No ingestion source yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Emails and status per ingestion source</caption>
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="py-1 pr-2">
                    Name
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Provider
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Status
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Emails
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.sources.map((source) => (
                  <tr key={source.id} className="border-t border-slate-100">
                    <td className="py-1 pr-2">
                      <Link className="link" href={`/emails?ingestionSourceId=${source.id}`}>
                        {source.name ?? <em>Source (name redacted)</em>}
                      </Link>
                    </td>
                    <td className="py-1 pr-2">{source.provider}</td>
                    <td className="py-1 pr-2">
                      {source.status === null ? (
                        <span className="text-slate-500">redacted</span>
                      ) : (
                        <span className={`badge ${STATUS_TONES[source.status] ?? "bg-slate-100 text-slate-800"}`}>{source.status}</span>
                      )}
                      {source.statusMessage ? <span className="ml-2 text-xs text-slate-600">{source.statusMessage}</span> : null}
                    </td>
                    <td className="py-1 text-right">{formatNumber(source.emailCount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {data.storageUsage !== undefined ? (
        <section className="card" aria-labelledby="storage-heading">
          <h2 id="storage-heading" className="mb-2 text-sm font-medium">
            Storage: archived and on disk
          </h2>
          <StorageFigures usage={data.storageUsage} />
        </section>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <BarChart
          title="Archive growth: emails archived per month (last 12 months)"
          unit="emails archived"
          bars={fillPeriods(
            monthsUntil(now, 12),
            data.growth.map((row) => ({ period: row.month, count: row.count })),
          )}
        />
        {data.forecastByWeek ? (
          <BarChart
            title="Retention forecast: deletions expected per week (next 90 days)"
            unit="deletions expected"
            emptyText="No deletion expected in the next 90 days."
            bars={fillPeriods(
              weeksAhead(now, 90),
              data.forecastByWeek.map((row) => ({ period: row.weekStart, count: row.count })),
            )}
          />
        ) : null}
      </div>
    </div>
  );
}
