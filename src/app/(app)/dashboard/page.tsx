"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { formatBytes, formatNumber } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

function Bars({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <figure className="card">
      <figcaption className="mb-2 text-sm font-medium">{title}</figcaption>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No data yet.</p>
      ) : (
        <svg role="img" aria-label={title} viewBox={`0 0 ${rows.length * 24} 100`} className="h-32 w-full" preserveAspectRatio="none">
          {rows.map((row, index) => (
            <rect key={row.label} x={index * 24 + 4} y={100 - (row.count / max) * 95} width={16} height={(row.count / max) * 95} className="fill-indigo-500">
              <title>{`${row.label}: ${row.count}`}</title>
            </rect>
          ))}
        </svg>
      )}
    </figure>
  );
}

export default function DashboardPage() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.dashboard.stats.queryOptions());
  if (stats.error) return <ErrorNotice error={stats.error} />;
  if (!stats.data) return <Skeleton lines={6} />;
  const data = stats.data;
  return (
    <div className="space-y-6">
      <h1 className="page-title">Dashboard</h1>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          ["Emails archived", formatNumber(data.emailsArchived)],
          ["Storage used", formatBytes(data.storageBytes)],
          ["Emails on hold", formatNumber(data.emailsOnHold)],
        ].map(([label, value]) => (
          <div key={label} className="card">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="card">
        <h2 className="mb-2 text-sm font-medium">Sources</h2>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th>Name</th>
              <th>Provider</th>
              <th>Status</th>
              <th className="text-right">Emails</th>
            </tr>
          </thead>
          <tbody>
            {data.sources.map((source) => (
              <tr key={source.id} className="border-t border-slate-100">
                <td>{source.name}</td>
                <td>{source.provider}</td>
                <td title={source.statusMessage ?? undefined}>{source.status}</td>
                <td className="text-right">{formatNumber(source.emailCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Bars title="Archive growth (emails archived per month)" rows={data.growth.map((row) => ({ label: row.month, count: row.count }))} />
        {data.forecastByWeek && (
          <Bars title="Retention forecast (deletions per week, next 90 days)" rows={data.forecastByWeek.map((row) => ({ label: row.weekStart, count: row.count }))} />
        )}
      </div>
    </div>
  );
}
