"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { formatDateTime } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

interface Filters {
  actor?: string;
  actionType?: string;
  startDate?: string;
  endDate?: string;
  sort: "asc" | "desc";
  page: string;
}

export default function AuditPage() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>({ sort: "desc", page: "1" });
  const [selected, setSelected] = useState<number | null>(null);
  const entries = useQuery(
    trpc.audit.list.queryOptions({ actor: filters.actor, actionType: filters.actionType, startDate: filters.startDate, endDate: filters.endDate, sort: filters.sort, page: filters.page, limit: "50" }),
  );
  const verify = useMutation(trpc.audit.verify.mutationOptions());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setFilters({ actor: form.actor || undefined, actionType: form.actionType || undefined, startDate: form.startDate || undefined, endDate: form.endDate || undefined, sort: filters.sort, page: "1" });
  }

  const detail = entries.data?.data.find((entry) => entry.id === selected);
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="page-title">Audit log</h1>
        <button className="btn btn-primary" onClick={() => verify.mutate()} disabled={verify.isPending}>
          {verify.isPending ? "Verifying…" : "Verify chain"}
        </button>
      </div>
      {verify.data && (
        <p role="status" data-testid="verify-result" className={`rounded p-3 text-sm ${verify.data.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}>
          {verify.data.ok ? "Chain verified: " : "Chain broken: "}
          {verify.data.message}
          {!verify.data.ok && (
            <button className="link ml-2" onClick={() => setSelected(verify.data.ok ? null : verify.data.logId)}>Show entry {verify.data.logId}</button>
          )}
        </p>
      )}
      <ErrorNotice error={verify.error} />
      <form onSubmit={submit} className="card grid gap-3 md:grid-cols-5" aria-label="Filter audit log">
        <label className="text-sm">Actor <input name="actor" className="input" /></label>
        <label className="text-sm">Action <input name="actionType" className="input" placeholder="e.g. LOGIN" /></label>
        <label className="text-sm">From <input type="date" name="startDate" className="input" /></label>
        <label className="text-sm">To <input type="date" name="endDate" className="input" /></label>
        <div className="flex items-end"><button className="btn">Filter</button></div>
      </form>
      <ErrorNotice error={entries.error} />
      {!entries.data ? (
        <Skeleton lines={6} />
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="p-2">
                <button className="link" onClick={() => setFilters({ ...filters, sort: filters.sort === "desc" ? "asc" : "desc" })}>
                  # {filters.sort === "desc" ? "↓" : "↑"}
                </button>
              </th>
              <th className="p-2">Time</th>
              <th className="p-2">Actor</th>
              <th className="p-2">Action</th>
              <th className="p-2">Target</th>
            </tr>
          </thead>
          <tbody>
            {entries.data.data.map((entry) => (
              <tr key={entry.id} className={`cursor-pointer border-t border-slate-100 ${selected === entry.id ? "bg-indigo-50" : ""}`} onClick={() => setSelected(entry.id)}>
                <td className="p-2">{entry.id}</td>
                <td className="p-2">{formatDateTime(entry.timestamp)}</td>
                <td className="p-2">{entry.actorIdentifier}</td>
                <td className="p-2">{entry.actionType}</td>
                <td className="p-2">{entry.targetType} {entry.targetId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail && <pre className="card overflow-auto text-xs" aria-label="Entry details">{JSON.stringify(detail, null, 2)}</pre>}
      {entries.data && (
        <div className="flex gap-2">
          <button className="btn btn-sm" disabled={filters.page === "1"} onClick={() => setFilters({ ...filters, page: String(Number(filters.page) - 1) })}>Previous</button>
          <button className="btn btn-sm" disabled={Number(filters.page) * 50 >= entries.data.meta.total} onClick={() => setFilters({ ...filters, page: String(Number(filters.page) + 1) })}>Next</button>
        </div>
      )}
    </div>
  );
}
