"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DataTable } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { MeilisearchQueryNotice } from "@/components/query-syntax-help";
import { Skeleton } from "@/components/skeleton";
import { StorageFigures } from "@/components/storage-figures";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { formatBytes, formatDateTime, formatNumber } from "@/lib/format";
import { errorMessage, useTRPC } from "@/lib/trpc";
import { useInvalidate } from "@/lib/use-invalidate";

function ago(seconds: number): string {
  if (seconds < 90) return `${seconds} s ago`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="card">
      <p className="text-xs uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-lg font-medium" data-testid={testId}>
        {children}
      </p>
    </div>
  );
}

/** What runs and how far it got: GET /v1/system/status in the browser (docs/operations.md, "System status"). */
export default function SystemStatusPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const can = useCapabilities();
  const invalidate = useInvalidate();
  const status = useQuery({ ...trpc.system.status.queryOptions(), enabled: can.manageSystem, refetchInterval: 15_000 });
  const retry = useMutation(
    trpc.system.retryJob.mutationOptions({
      onSuccess: () => {
        toast("Job queued again", "success");
        // invalidateQueries never rejects: a failed refetch shows in the query's error state.
        void invalidate(trpc.system.pathFilter());
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );

  if (!can.manageSystem) return <ErrorNotice title="Not allowed" error={new Error("Only administrators may see the system status.")} />;
  const data = status.data;
  return (
    <div className="space-y-8">
      <h1 className="page-title">System status</h1>
      <ErrorNotice error={status.error} />
      {!data ? (
        <Skeleton lines={6} />
      ) : (
        <>
          {!data.workerRunning && (
            <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <strong>No worker is running.</strong> Exports, IMAP syncs, index jobs and lifecycle cycles wait until one does:{" "}
              <code>npm start</code> runs it unless its worker role is off, <code>npm run worker</code> runs it on its own.
            </div>
          )}
          <section aria-labelledby="processes-heading" className="space-y-3">
            <h2 id="processes-heading" className="text-lg font-medium">
              Processes
            </h2>
            <DataTable
              caption="Processes"
              rows={data.processes}
              rowKey={(process) => `${process.role}:${process.hostname}:${process.pid}`}
              emptyTitle="No web server, worker or journal listener has been seen"
              emptyText="Each records a heartbeat every 30 seconds while it runs."
              columns={[
                { key: "role", header: "Role", render: (process) => process.role },
                { key: "host", header: "Host", render: (process) => `${process.hostname} (pid ${process.pid})` },
                { key: "started", header: "Started", render: (process) => formatDateTime(process.startedAt) },
                { key: "seen", header: "Last heartbeat", render: (process) => ago(process.secondsSinceSeen) },
                {
                  key: "state",
                  header: "State",
                  render: (process) =>
                    process.running ? (
                      <span className="badge bg-emerald-100 text-emerald-900">running</span>
                    ) : (
                      <span className="badge bg-red-100 text-red-900">silent</span>
                    ),
                },
              ]}
            />
          </section>

          <section aria-labelledby="queues-heading" className="space-y-3">
            <h2 id="queues-heading" className="text-lg font-medium">
              Queues
            </h2>
            <p className="text-sm text-slate-700" data-testid="export-queue">
              eDiscovery exports: {formatNumber(data.jobs.exports.queued)} queued, {formatNumber(data.jobs.exports.running)} running,{" "}
              {formatNumber(data.jobs.exports.failed)} failed.
            </p>
            <DataTable
              caption="Background jobs"
              rows={data.jobs.queues}
              rowKey={(queue) => queue.type}
              emptyTitle="No job waits, runs or failed"
              columns={[
                { key: "type", header: "Job", render: (queue) => queue.type },
                { key: "queued", header: "Queued", className: "text-right", render: (queue) => formatNumber(queue.queued) },
                { key: "running", header: "Running", className: "text-right", render: (queue) => formatNumber(queue.running) },
                { key: "failed", header: "Failed", className: "text-right", render: (queue) => formatNumber(queue.failed) },
              ]}
            />
            {data.jobs.failed.length > 0 && (
              <DataTable
                caption="Failed jobs"
                rows={data.jobs.failed}
                rowKey={(job) => job.id}
                columns={[
                  { key: "type", header: "Failed job", render: (job) => job.type },
                  { key: "when", header: "Failed at", render: (job) => formatDateTime(job.failedAt) },
                  { key: "attempts", header: "Attempts", className: "text-right", render: (job) => formatNumber(job.attempts) },
                  { key: "reason", header: "Reason", render: (job) => job.reason ?? "—" },
                  {
                    key: "retry",
                    header: "",
                    render: (job) => (
                      <button
                        className="btn btn-sm"
                        disabled={retry.isPending}
                        aria-label={`Retry ${job.type} job ${job.id}`}
                        onClick={() => retry.mutate({ id: job.id })}
                      >
                        Retry
                      </button>
                    ),
                  },
                ]}
              />
            )}
          </section>

          <section aria-labelledby="figures-heading" className="space-y-3">
            <h2 id="figures-heading" className="text-lg font-medium">
              Lifecycle, search, storage
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <Figure label="Last lifecycle cycle" testId="last-cycle">
                {data.lifecycle.lastCycle
                  ? `${formatDateTime(data.lifecycle.lastCycle.startedAt)}: ${formatNumber(data.lifecycle.lastCycle.deleted)} deleted, ${formatNumber(data.lifecycle.lastCycle.failed)} failed`
                  : "none yet"}
              </Figure>
              <Figure label="Next lifecycle cycle" testId="next-cycle">
                {data.lifecycle.nextCycleAt
                  ? `${formatDateTime(data.lifecycle.nextCycleAt)} (every ${formatNumber(data.lifecycle.intervalMinutes)} min)`
                  : "none: no worker runs"}
              </Figure>
              <Figure label={`Search index (${data.searchIndex.engine})`} testId="search-coverage">
                {formatNumber(data.searchIndex.searchable)} of {formatNumber(data.searchIndex.archivedEmails)} emails searchable
                {data.searchIndex.notSearchable > 0 ? ` (${formatNumber(data.searchIndex.notSearchable)} waiting)` : ""}
                {data.searchIndex.engine === "meilisearch" ? <MeilisearchQueryNotice testId="search-engine-notice" /> : null}
              </Figure>
              <Figure label="Phrase index (word pairs)" testId="phrase-index">
                {phraseIndexText(data.searchIndex.phraseIndex)}
              </Figure>
              <Figure label={`Storage (${data.storage.backend})`} testId="storage">
                {formatBytes(data.storage.usedBytes)} of mail archived (as received)
                {data.storage.freeBytes !== null
                  ? `; disk: ${formatBytes(data.storage.freeBytes)} free of ${formatBytes(data.storage.totalBytes)}`
                  : ""}
              </Figure>
              <Figure label="Database" testId="database-size">
                {formatBytes(data.database.sizeBytes)}
              </Figure>
              <Figure label="Storage conversion" testId="storage-conversion">
                {!data.storage.conversion
                  ? "none needed yet"
                  : data.storage.conversion.finishedAt
                    ? `done ${formatDateTime(data.storage.conversion.finishedAt)}: ${formatNumber(data.storage.conversion.converted)} blobs sealed, ${formatNumber(data.storage.conversion.skipped)} left`
                    : `${formatNumber(data.storage.conversion.examined)} of ${formatNumber(data.storage.conversion.total)} examined, ${formatNumber(data.storage.conversion.converted)} sealed`}
              </Figure>
              <Figure label="Checked">{formatDateTime(data.checkedAt)}</Figure>
            </div>
            <h3 className="text-sm font-medium">Storage figures</h3>
            <StorageFigures usage={data.storage.usage} />
          </section>
        </>
      )}
    </div>
  );
}

const PHRASE_INDEX_STATES = {
  ready: "ready: phrases use it",
  building: "being built by the worker",
  pending: "on; the worker builds it within a minute",
  dropping: "off; the worker drops it within a minute",
  off: "off (Settings, “Fast phrase search”)",
} as const;

/** The word-pair index's state, with the build's progress as PostgreSQL reports it. */
function phraseIndexText(index: {
  state: keyof typeof PHRASE_INDEX_STATES;
  progress: { phase: string; blocksDone: number; blocksTotal: number } | null;
}): string {
  const state = PHRASE_INDEX_STATES[index.state];
  if (!index.progress || index.state !== "building") return state;
  const { phase, blocksDone, blocksTotal } = index.progress;
  const share = blocksTotal > 0 ? `, ${Math.floor((100 * blocksDone) / blocksTotal)} % of its blocks` : "";
  return `${state} (${phase}${share})`;
}
