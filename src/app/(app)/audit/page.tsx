"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Suspense, type FormEvent } from "react";
import { DataTable } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { formatDateTime } from "@/lib/format";
import { fieldErrorsOf, useTRPC } from "@/lib/trpc";
import { EntryDetails } from "./entry-details";
import { SubmitButton } from "@/components/submit-button";
import { AUDIT_ACTION_TYPES } from "@/server/audit/audit-vocabulary";

const PAGE_SIZE = 50;
const FILTERS = ["actor", "actorUserId", "actionType", "startDate", "endDate"] as const;

/** Filters, sort, page and the open entry live in the URL, so a view (or a broken entry) can be linked. */
function AuditLog() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const param = (name: string) => params.get(name) ?? undefined;
  const sort = params.get("sort") === "asc" ? "asc" : "desc";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const entryId = Number(params.get("entry")) || null;

  const setParams = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    router.replace(`${pathname}?${next}`, { scroll: false });
  };

  const entries = useQuery(
    trpc.audit.list.queryOptions({
      actor: param("actor"),
      actorUserId: param("actorUserId"),
      actionType: param("actionType"),
      startDate: param("startDate"),
      endDate: param("endDate"),
      sort,
      page: String(page),
      limit: String(PAGE_SIZE),
    }),
  );
  const filterErrors = fieldErrorsOf(entries.error);
  const verify = useMutation(trpc.audit.verify.mutationOptions());

  const exportHref = (format: "csv" | "jsonl") => {
    const query = new URLSearchParams({ format });
    for (const name of FILTERS) if (param(name)) query.set(name, param(name)!);
    return `/api/ui/audit-logs/export?${query}`;
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setParams({ ...Object.fromEntries(FILTERS.map((name) => [name, form[name]?.trim() || undefined])), page: undefined });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="page-title">Audit log</h1>
        <div className="flex flex-wrap gap-2">
          {/* The export takes the filters shown, whole (every page), streamed by the server and audited. */}
          <a className="btn" href={exportHref("csv")} download>
            Export CSV
          </a>
          <a className="btn" href={exportHref("jsonl")} download>
            Export JSON Lines
          </a>
          <button className="btn btn-primary" onClick={() => verify.mutate()} disabled={verify.isPending}>
            {verify.isPending ? "Verifying…" : "Verify chain"}
          </button>
        </div>
      </div>
      {verify.data && (
        <div
          role="status"
          data-testid="verify-result"
          className={`rounded p-3 text-sm ${verify.data.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
        >
          {verify.data.ok ? "Chain verified: " : "Chain broken: "}
          {verify.data.message}
          {!verify.data.ok && (
            <Link className="link ml-2" href={`/audit?entry=${verify.data.logId}`}>
              Show entry {verify.data.logId}
            </Link>
          )}
        </div>
      )}
      <ErrorNotice error={verify.error} />
      <form
        onSubmit={submit}
        className="card grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
        aria-label="Filter audit log"
        key={params.toString()}
      >
        <label className="text-sm">
          Actor
          <input name="actor" className="input" defaultValue={param("actor")} placeholder="exact, e.g. officer@example.com" />
        </label>
        <label className="text-sm">
          Actor user id
          <input
            name="actorUserId"
            className="input"
            defaultValue={param("actorUserId")}
            placeholder="UUID"
            aria-invalid={filterErrors.actorUserId ? true : undefined}
          />
          {filterErrors.actorUserId && <span className="text-xs text-red-700">{filterErrors.actorUserId}</span>}
        </label>
        <label className="text-sm">
          Action type
          <select name="actionType" className="input" defaultValue={param("actionType") ?? ""}>
            <option value="">Any</option>
            {AUDIT_ACTION_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          From
          <input
            type="date"
            name="startDate"
            className="input"
            defaultValue={param("startDate")}
            aria-invalid={filterErrors.startDate ? true : undefined}
          />
          {filterErrors.startDate && <span className="text-xs text-red-700">{filterErrors.startDate}</span>}
        </label>
        <label className="text-sm">
          To
          <input
            type="date"
            name="endDate"
            className="input"
            defaultValue={param("endDate")}
            aria-invalid={filterErrors.endDate ? true : undefined}
          />
          {filterErrors.endDate && <span className="text-xs text-red-700">{filterErrors.endDate}</span>}
        </label>
        <div className="flex items-end gap-2">
          <SubmitButton className="btn">Filter</SubmitButton>
          <button
            type="button"
            className="btn"
            onClick={() => setParams({ ...Object.fromEntries(FILTERS.map((name) => [name, undefined])), page: undefined })}
          >
            Clear
          </button>
        </div>
      </form>
      {Object.keys(filterErrors).length === 0 && <ErrorNotice error={entries.error} />}
      <DataTable
        caption="Audit log entries"
        rows={entries.data?.data}
        loading={entries.isLoading}
        rowKey={(entry) => String(entry.id)}
        emptyTitle="No entries match these filters"
        sort={{ key: "id", direction: sort }}
        onSortChange={(next) => setParams({ sort: next.direction, page: undefined })}
        paging={{
          page,
          pageSize: PAGE_SIZE,
          total: entries.data?.meta.total ?? 0,
          onPageChange: (next) => setParams({ page: String(next) }),
        }}
        columns={[
          { key: "id", header: "#", sortable: true, render: (entry) => entry.id },
          { key: "time", header: "Time", className: "whitespace-nowrap", render: (entry) => formatDateTime(entry.timestamp) },
          { key: "actor", header: "Actor", render: (entry) => entry.actorIdentifier },
          { key: "action", header: "Action", render: (entry) => entry.actionType },
          { key: "target", header: "Target", className: "break-all", render: (entry) => `${entry.targetType} ${entry.targetId}` },
          {
            key: "details",
            header: "Details",
            render: (entry) => (
              <button
                className="btn btn-sm"
                onClick={() => setParams({ entry: String(entry.id) })}
                aria-label={`Details of entry ${entry.id}`}
              >
                Details
              </button>
            ),
          },
        ]}
      />
      <EntryDetails id={entryId} onClose={() => setParams({ entry: undefined })} />
    </div>
  );
}

export default function AuditPage() {
  return (
    <Suspense fallback={<Skeleton lines={6} />}>
      <AuditLog />
    </Suspense>
  );
}
