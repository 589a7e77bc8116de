"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ProgressBar } from "@/components/progress-bar";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { errorMessage, useTRPC } from "@/lib/trpc";

const DEFAULT_FOLDER = "Restored from archive";

interface Target {
  ingestionSourceId: string;
  folder: string;
}

/** Picks an IMAP source's mailbox and a folder (docs/journaling.md, "Restore"); hidden without IMAP sources. */
function RestoreTargetForm({ label, pending, onRestore }: { label: string; pending: boolean; onRestore: (target: Target) => void }) {
  const trpc = useTRPC();
  const sources = useQuery(trpc.sources.names.queryOptions());
  const mailboxes = sources.data?.filter((source) => source.provider === "imap") ?? [];
  const [sourceId, setSourceId] = useState("");
  const [folder, setFolder] = useState(DEFAULT_FOLDER);
  if (mailboxes.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRestore({ ingestionSourceId: sourceId || mailboxes[0].id, folder: folder.trim() || DEFAULT_FOLDER });
  };
  return (
    <form className="flex flex-wrap items-end gap-2 pt-2 text-sm" aria-label={label} onSubmit={submit}>
      <label className="flex flex-col">
        <span className="text-slate-600">Restore to mailbox</span>
        <select className="input" value={sourceId || mailboxes[0].id} onChange={(event) => setSourceId(event.target.value)}>
          {mailboxes.map((source) => (
            <option key={source.id} value={source.id}>
              {source.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="text-slate-600">Folder</span>
        <input className="input" value={folder} maxLength={255} onChange={(event) => setFolder(event.target.value)} />
      </label>
      <SubmitButton className="btn btn-sm" disabled={pending}>
        {pending ? "Restoring…" : label}
      </SubmitButton>
    </form>
  );
}

/** Restores one email into a mailbox. */
export function RestoreForm({ emailId }: { emailId: string }) {
  const trpc = useTRPC();
  const toast = useToast();
  const restore = useMutation(
    trpc.archivedEmails.restore.mutationOptions({
      onSuccess: (result) => toast(`Restored to "${result.folder}"`, "success"),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  return (
    <RestoreTargetForm label="Restore" pending={restore.isPending} onRestore={(target) => restore.mutate({ id: emailId, ...target })} />
  );
}

/** A bulk restore's live progress (docs/journaling.md, "Restore"): a bar once the run knows its set, and its counts. */
function RestoreRunProgress({
  run,
}: {
  run: { status: string; total: number | null; restored: number; failed: number; error: string | null };
}) {
  const settled = run.restored + run.failed;
  const percent = run.total ? Math.floor((settled / run.total) * 100) : run.status === "completed" ? 100 : 0;
  return (
    <div className="min-w-40 space-y-1 pt-1">
      <ProgressBar label="Restore progress" percent={percent} failed={run.status === "failed"} />
      <p role="status" className="text-sm text-slate-700">
        Restore {run.status}: {run.restored} restored{run.total !== null ? ` of ${run.total}` : ""}
        {run.failed > 0 ? `, ${run.failed} failed` : ""}
        {run.error ? ` (${run.error})` : ""}
      </p>
    </div>
  );
}

type BulkSelection =
  { searchQuery: { query: string; filters: Record<string, string | undefined>; matchingStrategy?: string } } | { exportId: string };

/** Restores every result of a search, or every item of a completed case export, in the background, showing the run's progress. */
export function BulkRestoreForm({ selection, label = "Restore all results" }: { selection: BulkSelection; label?: string }) {
  const trpc = useTRPC();
  const toast = useToast();
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation(
    trpc.archivedEmails.bulkRestore.mutationOptions({
      onSuccess: (run) => setRunId(run.id),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const run = useQuery({
    ...trpc.archivedEmails.restoreRun.queryOptions({ runId: runId ?? "" }),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data && ["completed", "failed"].includes(query.state.data.status) ? false : 1000),
  });
  return (
    <div>
      <RestoreTargetForm
        label={label}
        pending={start.isPending}
        onRestore={(target) => start.mutate({ ...target, ...(selection as object) } as never)}
      />
      {run.data && <RestoreRunProgress run={run.data} />}
    </div>
  );
}
