"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { useToast } from "@/components/toast";
import { formatNumber } from "@/lib/format";
import { errorMessage, useTRPC } from "@/lib/trpc";

type SearchForm = {
  query: string;
  filters: { from?: string; startDate?: string; endDate?: string };
  matchingStrategy: "last" | "all" | "frequency";
};

export default function HoldsPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const holds = useQuery(trpc.legalHolds.list.queryOptions());
  const [bulkHoldId, setBulkHoldId] = useState<string>("");
  const [search, setSearch] = useState<SearchForm | null>(null);
  const [releaseId, setReleaseId] = useState<string | null>(null);
  const preview = useQuery({ ...trpc.legalHolds.previewBulkApply.queryOptions({ searchQuery: search ?? { query: "", filters: {}, matchingStrategy: "last" } }), enabled: search !== null });
  const refresh = () => queryClient.invalidateQueries();
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const create = useMutation(trpc.legalHolds.create.mutationOptions({ onSuccess: refresh, onError }));
  const update = useMutation(trpc.legalHolds.update.mutationOptions({ onSuccess: refresh, onError }));
  const remove = useMutation(trpc.legalHolds.delete.mutationOptions({ onSuccess: refresh, onError }));
  const releaseAll = useMutation(trpc.legalHolds.releaseAll.mutationOptions({ onSuccess: (result) => (toast(`Released ${result.emailsReleased} emails`, "success"), refresh()), onError }));
  const bulkApply = useMutation(trpc.legalHolds.bulkApply.mutationOptions({ onSuccess: refresh, onError }));

  function submitCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    create.mutate({ name: form.name, reason: form.reason || null });
    event.currentTarget.reset();
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBulkHoldId(form.holdId);
    bulkApply.reset();
    setSearch({ query: form.query, filters: { ...(form.from ? { from: form.from } : {}), ...(form.startDate ? { startDate: form.startDate } : {}), ...(form.endDate ? { endDate: form.endDate } : {}) }, matchingStrategy: "all" });
  }

  return (
    <div className="space-y-6">
      <h1 className="page-title">Legal holds</h1>
      <ErrorNotice error={holds.error} />
      {!holds.data ? (
        <Skeleton lines={4} />
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="p-2">Name</th>
              <th className="p-2">Reason</th>
              <th className="p-2">State</th>
              <th className="p-2 text-right">Emails</th>
              <th className="p-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {holds.data.map((hold) => (
              <tr key={hold.id} className="border-t border-slate-100" data-testid={`hold-${hold.name}`}>
                <td className="p-2 font-medium">{hold.name}</td>
                <td className="p-2">{hold.reason ?? ""}</td>
                <td className="p-2">{hold.isActive ? "Active" : "Inactive"}</td>
                <td className="p-2 text-right">{formatNumber(hold.emailCount)}</td>
                <td className="flex flex-wrap gap-1 p-2">
                  <button className="btn btn-sm" onClick={() => update.mutate({ id: hold.id, data: { isActive: !hold.isActive } })}>
                    {hold.isActive ? "Deactivate" : "Activate"}
                  </button>
                  <button className="btn btn-sm" onClick={() => setReleaseId(hold.id)}>Release all</button>
                  <button
                    className="btn btn-sm btn-danger"
                    disabled={hold.isActive}
                    title={hold.isActive ? "Deactivate the hold first: an active hold cannot be deleted" : undefined}
                    onClick={() => remove.mutate({ id: hold.id })}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-xs text-slate-600">An active hold protects its emails and cannot be deleted: deactivate it first.</p>

      <div className="grid gap-4 md:grid-cols-2">
        <form onSubmit={submitCreate} className="card space-y-2" aria-label="New legal hold">
          <h2 className="font-medium">New legal hold</h2>
          <label className="block text-sm">Name <input name="name" className="input" required maxLength={255} /></label>
          <label className="block text-sm">Reason <textarea name="reason" className="input" maxLength={2000} /></label>
          <button className="btn btn-primary">Create hold</button>
        </form>
        <form onSubmit={submitSearch} className="card space-y-2" aria-label="Bulk apply from a search">
          <h2 className="font-medium">Bulk apply from a search</h2>
          <label className="block text-sm">
            Hold
            <select name="holdId" className="input">
              {holds.data?.filter((hold) => hold.isActive).map((hold) => <option key={hold.id} value={hold.id}>{hold.name}</option>)}
            </select>
          </label>
          <label className="block text-sm">Words <input name="query" className="input" /></label>
          <label className="block text-sm">From <input name="from" className="input" /></label>
          <div className="grid grid-cols-2 gap-2">
            <label className="block text-sm">From date <input type="date" name="startDate" className="input" /></label>
            <label className="block text-sm">To date <input type="date" name="endDate" className="input" /></label>
          </div>
          <button className="btn">Preview matches</button>
          <ErrorNotice error={preview.error} />
          {preview.data && search && (
            <div className="space-y-2 text-sm">
              <p data-testid="bulk-preview-count">{preview.data.total} matching emails</p>
              <ul className="list-disc pl-5">
                {preview.data.items.map((item) => <li key={item.id}>{item.subject || "(no subject)"} · {item.senderEmail}</li>)}
              </ul>
              <button type="button" className="btn btn-primary" disabled={!bulkHoldId || bulkApply.isPending} onClick={() => bulkApply.mutate({ id: bulkHoldId, searchQuery: search })}>
                Apply hold to {preview.data.total} emails
              </button>
              {bulkApply.data && <p role="status" data-testid="bulk-result">{bulkApply.data.emailsLinked} emails newly linked</p>}
            </div>
          )}
        </form>
      </div>
      <ConfirmDialog
        open={releaseId !== null}
        title="Release every email from this hold?"
        confirmLabel="Release all"
        danger
        typedConfirmation="RELEASE"
        onClose={() => setReleaseId(null)}
        onConfirm={() => {
          if (releaseId) releaseAll.mutate({ id: releaseId });
          setReleaseId(null);
        }}
      >
        All links of this hold are removed; the emails lose its protection at once. Type RELEASE to confirm.
      </ConfirmDialog>
    </div>
  );
}
