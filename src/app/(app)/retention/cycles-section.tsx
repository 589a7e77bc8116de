"use client";

import { useQuery } from "@tanstack/react-query";
import { DataTable } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import { RunCycleNow } from "./run-cycle-now";

/** The most recent lifecycle cycles the worker recorded. */
export function CyclesSection() {
  const trpc = useTRPC();
  const cycles = useQuery(trpc.lifecycle.cycles.queryOptions({ limit: 20 }));
  return (
    <section aria-labelledby="cycles-heading" className="space-y-3">
      <h2 id="cycles-heading" className="text-lg font-medium">
        Recent lifecycle cycles
      </h2>
      <RunCycleNow />
      <ErrorNotice error={cycles.error} />
      <DataTable
        caption="Recent lifecycle cycles"
        rows={cycles.data}
        loading={cycles.isLoading}
        rowKey={(cycle) => cycle.id}
        emptyTitle="No cycle has run yet"
        emptyText="The worker (part of npm start) runs one at start and then every LIFECYCLE_INTERVAL_MINUTES."
        columns={[
          { key: "started", header: "Started", sortValue: (cycle) => cycle.startedAt, render: (cycle) => formatDateTime(cycle.startedAt) },
          {
            key: "finished",
            header: "Finished",
            sortValue: (cycle) => cycle.finishedAt,
            render: (cycle) =>
              cycle.finishedAt ? (
                formatDateTime(cycle.finishedAt)
              ) : (
                <span className="badge bg-sky-100 text-sky-900">running or interrupted</span>
              ),
          },
          {
            key: "duration",
            header: "Duration",
            sortValue: (cycle) => cycle.durationMs,
            render: (cycle) => (cycle.durationMs === null ? "—" : `${formatNumber(cycle.durationMs)} ms`),
          },
          {
            key: "evaluated",
            header: "Due",
            sortValue: (cycle) => cycle.evaluated,
            className: "text-right",
            render: (cycle) => formatNumber(cycle.evaluated),
          },
          {
            key: "deleted",
            header: "Deleted",
            sortValue: (cycle) => cycle.deleted,
            className: "text-right",
            render: (cycle) => formatNumber(cycle.deleted),
          },
          {
            key: "held",
            header: "Spared by hold",
            sortValue: (cycle) => cycle.protectedByHold,
            className: "text-right",
            render: (cycle) => formatNumber(cycle.protectedByHold),
          },
          {
            key: "failed",
            header: "Failed",
            sortValue: (cycle) => cycle.failed,
            className: "text-right",
            render: (cycle) =>
              cycle.failed === 0 ? (
                "0"
              ) : (
                <details>
                  <summary className="cursor-pointer text-red-700">{formatNumber(cycle.failed)}</summary>
                  <pre className="max-w-xs whitespace-pre-wrap text-left text-xs">
                    {JSON.stringify(cycle.failures.slice(0, 5), null, 2)}
                  </pre>
                </details>
              ),
          },
        ]}
      />
    </section>
  );
}
