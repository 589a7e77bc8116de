"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { IndexWarningNotice } from "@/components/index-warning";
import { useInvalidate } from "@/lib/use-invalidate";
import { useState, type FormEvent } from "react";
import { DataTable } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { FormError } from "@/components/form-field";
import { ProgressBar } from "@/components/progress-bar";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { WorkerBanner } from "@/components/worker-banner";
import { useCapabilities } from "@/lib/capabilities";
import { formatBytes, formatDateTime, formatNumber } from "@/lib/format";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { BulkRestoreForm } from "../../emails/restore-form";
import type { CaseDetail } from "./case-overview";

type Export = RouterOutputs["ediscovery"]["exports"][number];
type Verification = RouterOutputs["ediscovery"]["verifyExport"];
const ACTIVE = new Set<Export["status"]>(["queued", "running"]);
const STATUS_STYLE: Record<Export["status"], string> = {
  queued: "bg-slate-200 text-slate-800",
  running: "bg-indigo-100 text-indigo-900",
  completed: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-amber-100 text-amber-900",
};

function ExportProgress({ item }: { item: Export }) {
  const percent = item.totalItems > 0 ? Math.floor((item.processedItems / item.totalItems) * 100) : item.status === "completed" ? 100 : 0;
  return (
    <div className="min-w-40 space-y-1">
      <ProgressBar label={`Progress of ${item.name}`} percent={percent} failed={item.status === "failed"} />
      <p className="text-xs text-slate-600">
        {formatNumber(item.processedItems)} / {formatNumber(item.totalItems)} · {formatBytes(item.bytes)}
      </p>
    </div>
  );
}

function VerificationResult({ result }: { result: Verification }) {
  return result.ok ? (
    <p role="status" className="text-xs text-emerald-800" data-testid={`verified-${result.exportId}`}>
      Verified {formatDateTime(result.verifiedAt)}: signature valid, {formatNumber(result.messages)} messages match the manifest.
    </p>
  ) : (
    <div role="alert" className="text-xs text-red-800" data-testid={`verified-${result.exportId}`}>
      Verification failed:
      <ul className="list-disc pl-4">
        {result.problems.slice(0, 10).map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** Productions of the case: started from a saved search, tag or hold; followed live while the worker runs them; downloaded and verified. */
export function CaseExports({ matter }: { matter: CaseDetail }) {
  const trpc = useTRPC();
  const toast = useToast();
  const can = useCapabilities();
  const invalidate = useInvalidate();
  const closed = matter.status === "closed";
  const tags = useQuery(trpc.ediscovery.tags.queryOptions({ id: matter.id }));
  // An export runs a search: emails the index does not hold yet cannot be in it.
  const indexStatus = useQuery({ ...trpc.search.indexStatus.queryOptions(), retry: false });
  const exports = useQuery({
    ...trpc.ediscovery.exports.queryOptions({ id: matter.id }),
    refetchInterval: (query) => (query.state.data?.some((item) => ACTIVE.has(item.status)) ? 1000 : false),
  });
  const [verifications, setVerifications] = useState<Record<string, Verification>>({});
  const [format, setFormat] = useState<Export["format"]>("eml");
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const create = useMutation(
    trpc.ediscovery.createExport.mutationOptions({
      onSuccess: (item) => (toast(`Export "${item.name}" queued: the worker runs it`), invalidate(trpc.ediscovery.pathFilter())),
    }),
  );
  const cancel = useMutation(
    trpc.ediscovery.cancelExport.mutationOptions({ onSuccess: () => invalidate(trpc.ediscovery.pathFilter()), onError }),
  );
  const verify = useMutation(
    trpc.ediscovery.verifyExport.mutationOptions({
      onSuccess: (result) => setVerifications((current) => ({ ...current, [result.exportId]: result })),
      onError,
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const sources = [
    ...matter.searches.map((search) => ({ value: `search:${search.id}`, label: `Saved search: ${search.name}` })),
    ...(tags.data ?? []).map((tag) => ({ value: `tag:${tag.id}`, label: `Tag: ${tag.name} (${formatNumber(tag.emailCount)})` })),
    ...matter.holds.map((hold) => ({ value: `hold:${hold.id}`, label: `Hold: ${hold.name} (${formatNumber(hold.emailCount)})` })),
  ];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const [kind, sourceId] = (values.source ?? "").split(":");
    const source = kind === "tag" ? { tagId: sourceId } : kind === "hold" ? { holdId: sourceId } : { searchId: sourceId ?? "" };
    const lines = (text: string | undefined) =>
      (text ?? "")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    const label = values.redactionLabel?.trim() || undefined;
    const production =
      format === "pdf"
        ? {
            bates: { prefix: values.batesPrefix ?? "", start: Number(values.batesStart), digits: Number(values.batesDigits) },
            redact: [
              ...lines(values.redactText).map((pattern) => ({ pattern, kind: "text" as const, label })),
              ...lines(values.redactRegex).map((pattern) => ({ pattern, kind: "regex" as const, label })),
            ],
            withhold: { tags: new FormData(form).getAll("withholdTag").map(String) },
            endorsement: values.endorsement?.trim() || undefined,
          }
        : { includeAttachmentText: values.includeAttachmentText === "on" };
    create.mutate({ id: matter.id, name: values.name ?? "", source, format, ...production }, { onSuccess: () => form.reset() });
  }

  return (
    <div className="space-y-6">
      <WorkerBanner waiting="exports and restores" />
      <ErrorNotice error={exports.error} />
      <DataTable
        rows={exports.data}
        rowKey={(item) => item.id}
        caption="Exports"
        loading={exports.isLoading}
        emptyTitle="No export yet"
        columns={[
          { key: "name", header: "Name", render: (item) => <span className="font-medium">{item.name}</span> },
          {
            key: "status",
            header: "Status",
            render: (item) => (
              <span className="space-y-1">
                <span className={`badge ${STATUS_STYLE[item.status]}`} data-testid={`export-status-${item.name}`}>
                  {item.status}
                </span>
                {item.unrestricted ? null : <span className="block text-xs text-amber-800">Restricted to what its creator may read</span>}
                {item.error ? <span className="block text-xs text-red-800">{item.error}</span> : null}
              </span>
            ),
          },
          { key: "progress", header: "Progress", render: (item) => <ExportProgress item={item} /> },
          {
            key: "format",
            header: "Format",
            render: (item) => (
              <span>
                {item.format}
                {item.batesBegin ? (
                  <span className="block text-xs text-slate-600" data-testid={`bates-${item.name}`}>
                    {item.batesBegin}–{item.batesEnd} · {formatNumber(item.pageCount ?? 0)} pages
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            key: "manifest",
            header: "Manifest SHA-256",
            render: (item) => (item.manifestSha256 ? <code className="break-all text-xs">{item.manifestSha256}</code> : "—"),
          },
          { key: "created", header: "Created", render: (item) => formatDateTime(item.createdAt) },
          {
            key: "actions",
            header: "Actions",
            render: (item) => (
              <span className="flex flex-col gap-1">
                {ACTIVE.has(item.status) && can.manageEdiscovery ? (
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate({ id: matter.id, exportId: item.id })}
                  >
                    Cancel {item.name}
                  </button>
                ) : null}
                {item.status === "completed" ? (
                  <>
                    <a className="btn btn-sm" href={`/api/ui/ediscovery/cases/${matter.id}/exports/${item.id}/download`} download>
                      Download {item.name}
                    </a>
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={verify.isPending}
                      onClick={() => verify.mutate({ id: matter.id, exportId: item.id })}
                    >
                      Verify {item.name}
                    </button>
                    {can.restoreArchive ? (
                      <BulkRestoreForm selection={{ exportId: item.id }} label={`Restore ${item.name} to mailbox`} />
                    ) : null}
                  </>
                ) : null}
                {verifications[item.id] ? <VerificationResult result={verifications[item.id]} /> : null}
              </span>
            ),
          },
        ]}
      />
      {can.manageEdiscovery ? (
        <form onSubmit={submit} className="card max-w-xl space-y-3" aria-label="New export" noValidate>
          <h2 className="font-medium">New export</h2>
          <IndexWarningNotice warning={indexStatus.data?.indexWarning} testId="export-index-warning" />
          <label className="block text-sm">
            Name
            <input name="name" className="input" maxLength={255} aria-invalid={errors["data.name"] || errors.name ? true : undefined} />
          </label>
          <label className="block text-sm">
            Emails
            <select name="source" className="input">
              {sources.map((source) => (
                <option key={source.value} value={source.value}>
                  {source.label}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            Format
            <select name="format" className="input" value={format} onChange={(event) => setFormat(event.target.value as Export["format"])}>
              <option value="eml">One .eml file per message</option>
              <option value="mbox">One mbox (mboxrd)</option>
              <option value="pdf">PDF with Bates numbers (redaction, withheld emails, privilege log)</option>
            </select>
          </label>
          {format === "pdf" ? (
            <fieldset className="space-y-3 rounded border border-slate-200 p-3" aria-label="PDF production">
              <legend className="px-1 text-sm font-medium">PDF production</legend>
              <div className="grid grid-cols-3 gap-2">
                <label className="block text-sm">
                  Bates prefix
                  <input
                    name="batesPrefix"
                    className="input"
                    maxLength={20}
                    placeholder="ABC"
                    aria-invalid={errors["bates.prefix"] ? true : undefined}
                  />
                </label>
                <label className="block text-sm">
                  Start at
                  <input name="batesStart" type="number" min={1} className="input" defaultValue={matter.nextBates} key={matter.nextBates} />
                </label>
                <label className="block text-sm">
                  Digits
                  <input name="batesDigits" type="number" min={6} max={10} className="input" defaultValue={8} />
                </label>
              </div>
              <p className="text-xs text-slate-600">
                The case&apos;s next Bates number is {formatNumber(matter.nextBates)}: a production never starts below it, so two
                productions of the case never share a number.
              </p>
              <label className="block text-sm">
                Redact these words or phrases (one per line, any case)
                <textarea name="redactText" className="input" rows={2} />
              </label>
              <label className="block text-sm">
                Redact these regular expressions (one per line)
                <textarea name="redactRegex" className="input font-mono" rows={2} placeholder="\b\d{3}-\d{2}-\d{4}\b" />
              </label>
              <label className="block text-sm">
                Redaction label
                <input name="redactionLabel" className="input" maxLength={40} placeholder="Redacted" />
              </label>
              <div className="text-sm">
                Withhold emails tagged (slip-sheet and privilege log)
                {(tags.data ?? []).length === 0 ? <p className="text-xs text-slate-600">The case has no tags.</p> : null}
                {(tags.data ?? []).map((tag) => (
                  <label key={tag.id} className="flex items-center gap-2">
                    <input type="checkbox" name="withholdTag" value={tag.name} /> {tag.name}
                  </label>
                ))}
              </div>
              <label className="block text-sm">
                Endorsement on every page
                <input name="endorsement" className="input" maxLength={80} placeholder="CONFIDENTIAL - SUBJECT TO PROTECTIVE ORDER" />
              </label>
            </fieldset>
          ) : (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="includeAttachmentText" /> Include extracted attachment text
            </label>
          )}
          {create.error ? <FormError message={Object.values(errors)[0] ?? errorMessage(create.error)} /> : null}
          <SubmitButton className="btn btn-primary" disabled={closed || create.isPending || sources.length === 0}>
            Start export
          </SubmitButton>
          <p className="text-xs text-slate-600">
            The background worker produces the export: messages byte for byte, a manifest with each message&apos;s SHA-256 signed with the
            archive&apos;s export key, and a Concordance load file. Verify checks the signature and every hash as a recipient would
            (docs/ediscovery.md).
          </p>
        </form>
      ) : null}
    </div>
  );
}
