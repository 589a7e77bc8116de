"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { asyncHandler } from "@/lib/async-handler";
import { useInvalidate } from "@/lib/use-invalidate";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { useToast } from "@/components/toast";
import { formatDateTime, formatNumber } from "@/lib/format";
import { errorMessage, useTRPC } from "@/lib/trpc";
import { UI_HEADERS } from "@/server/platform/http/ui-request-header";
import { SubmitButton } from "@/components/submit-button";
import { WorkerBanner } from "@/components/worker-banner";
import type { Provider } from "@/server/capture/ingestion-sources.schemas";
import { CoverageDetails } from "./coverage-details";
import { DeleteSourceDialog, EditSourceDialog, type Source } from "./edit-source-dialog";
import { JournalSettings } from "./journal-source-form";
import { configFrom, type FormFields } from "./source-config";
import { NewSourceForm } from "./source-fields";
import { SyncProgress } from "./sync-progress";

/** How long the list keeps polling after a sync request, for the worker to pick the job up. */
const SYNC_WATCH_MS = 60_000;
/** The providers a "Sync now" queues a job for (ingestion-sources.schemas.ts SYNCED_PROVIDERS). */
const SYNCED = ["imap", "microsoft365", "google-workspace"];
const STATUS_TONES: Record<string, string> = {
  error: "bg-red-100 text-red-900",
  idle: "bg-slate-100 text-slate-700",
  active: "bg-emerald-100 text-emerald-900",
};

/** What one file of an upload became: its summary, or why it could not be uploaded. */
type FileResult = { name: string; summary: string; failed: { index: number; reason: string }[] };

/**
 * Streams the file to the session-authenticated import route, reporting upload progress. It is sent
 * as `application/octet-stream` whatever its name: the server decides by content (a message, an
 * mbox, a zip or a .pst), so `msg_01.txt` and `Inbox` are read for what they are.
 */
function uploadFile(
  sourceId: string,
  userEmail: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ imported: number; duplicates: number; failed: { index: number; reason: string }[] }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    // Without a mailbox the source's default mailbox applies (the server answers 422 when it has none).
    request.open("POST", `/api/ui/sources/${sourceId}/import${userEmail ? `?userEmail=${encodeURIComponent(userEmail)}` : ""}`);
    request.setRequestHeader("content-type", "application/octet-stream");
    for (const [name, value] of Object.entries(UI_HEADERS)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      const body = JSON.parse(request.responseText || "null");
      if (request.status === 200) resolve(body);
      else reject(new Error(body?.message ?? `Upload failed (${request.status})`));
    };
    request.onerror = () => reject(new Error("Upload failed: network error"));
    request.send(file);
  });
}

export default function SourcesPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  // While a sync is queued or runs, poll so that its outcome (or error) appears without a reload.
  const [watchSyncUntil, setWatchSyncUntil] = useState(0);
  const sources = useQuery({
    ...trpc.sources.list.queryOptions(),
    refetchInterval: (query) =>
      Date.now() < watchSyncUntil || query.state.data?.some((source) => source.status === "syncing") ? 2000 : false,
  });
  const journalListener = useQuery(trpc.sources.journalListener.queryOptions());
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<string>("");
  const [results, setResults] = useState<FileResult[]>([]);
  const [uploadSourceId, setUploadSourceId] = useState("");
  const create = useMutation(
    trpc.sources.create.mutationOptions({
      onSuccess: (source) => {
        toast(`Source "${source.name}" created`, "success");
        // The upload form turns to a new upload source: it kept the first one, and the next upload went there unseen.
        if (source.provider === "upload") setUploadSourceId(source.id);
        return invalidate(trpc.sources.pathFilter());
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  /** Creates the source of a form; the form is cleared once the server has accepted it (kept on an error, to correct). */
  const createFrom = (form: HTMLFormElement, source: Parameters<typeof create.mutate>[0]["body"]) =>
    create.mutate({ body: source }, { onSuccess: () => form.reset() });
  const sync = useMutation(
    trpc.sources.sync.mutationOptions({
      onSuccess: (answer) => (toast(answer.message, "success"), setWatchSyncUntil(Date.now() + SYNC_WATCH_MS)),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );

  const [editing, setEditing] = useState<Source | null>(null);
  const [deleting, setDeleting] = useState<Source | null>(null);

  const uploadSources = sources.data?.filter((source) => source.provider === "upload") ?? [];
  const uploadSource = uploadSources.find((source) => source.id === uploadSourceId) ?? uploadSources[0];
  const defaultMailbox = typeof uploadSource?.config.userEmail === "string" ? uploadSource.config.userEmail : "";

  /** The submit handler of a "New … source" form. */
  const createSource = (provider: Provider) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as FormFields;
    createFrom(event.currentTarget, { name: form.name, provider, config: configFrom(provider, form) } as Parameters<typeof createFrom>[1]);
  };

  /** Uploads each chosen file (and each file of a chosen folder) in turn, one result line per file. */
  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const files = [...form.getAll("files"), ...form.getAll("folder")].filter(
      (entry): entry is File => entry instanceof File && entry.name !== "",
    );
    if (files.length === 0) {
      setSummary("Choose one or more files, or a folder.");
      return;
    }
    const sourceId = String(form.get("sourceId"));
    const userEmail = String(form.get("userEmail") ?? "").trim();
    setProgress(0);
    setResults([]);
    const done: FileResult[] = [];
    const totals = { imported: 0, duplicates: 0, failed: 0 };
    try {
      for (const [position, file] of files.entries()) {
        // A folder's files carry their path inside it; a file chosen alone, its name.
        const name = file.webkitRelativePath || file.name;
        setSummary(`Uploading ${name} (${position + 1} of ${files.length})…`);
        try {
          const result = await uploadFile(sourceId, userEmail, file, setProgress);
          totals.imported += result.imported;
          totals.duplicates += result.duplicates;
          totals.failed += result.failed.length;
          done.push({
            name,
            summary: `Imported ${result.imported}, duplicates ${result.duplicates}, failed ${result.failed.length}`,
            failed: result.failed,
          });
        } catch (error) {
          // One file the server refuses (a source gone, a message too large) does not stop the others.
          totals.failed += 1;
          done.push({ name, summary: errorMessage(error), failed: [] });
        }
        setResults([...done]);
      }
      setSummary(
        files.length === 1
          ? done[0].summary
          : `${files.length} files: imported ${totals.imported}, duplicates ${totals.duplicates}, failed ${totals.failed}`,
      );
      // New mail changes the sources' counts, the dashboard and every search.
      await invalidate(trpc.sources.pathFilter(), trpc.dashboard.pathFilter(), trpc.search.pathFilter(), trpc.archivedEmails.pathFilter());
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="space-y-6">
      <h1 className="page-title">Ingestion sources</h1>
      <WorkerBanner waiting="IMAP syncs" />
      <ErrorNotice error={sources.error} />
      {!sources.data ? (
        <Skeleton lines={4} />
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="p-2">Name</th>
              <th className="p-2">Provider</th>
              <th className="p-2">Status</th>
              <th className="p-2">Last sync</th>
              <th className="p-2 text-right">Emails</th>
              <th className="p-2" />
            </tr>
          </thead>
          <tbody>
            {sources.data.map((source) => (
              <tr key={source.id} className="border-t border-slate-100">
                <td className="p-2">{source.name}</td>
                <td className="p-2">
                  {source.provider}
                  {source.provider === "imap" && typeof source.config.host === "string" && (
                    <span className="block text-xs text-slate-500">{source.config.host}</span>
                  )}
                  <CoverageDetails sourceId={source.id} synced={SYNCED.includes(source.provider)} />
                  {source.provider === "smtp-journal" && journalListener.data !== undefined && (
                    <JournalSettings config={source.config} listener={journalListener.data} />
                  )}
                </td>
                <td className="p-2" data-testid={`source-status-${source.name}`}>
                  <span className={`badge ${STATUS_TONES[source.status] ?? "bg-amber-100 text-amber-900"}`}>{source.status}</span>
                  {source.statusMessage && (
                    <span className={`mt-1 block text-xs ${source.status === "error" ? "text-red-800" : "text-slate-600"}`}>
                      {source.statusMessage}
                    </span>
                  )}
                  {SYNCED.includes(source.provider) && <SyncProgress sourceId={source.id} running={source.status === "syncing"} />}
                </td>
                <td className="p-2">{formatDateTime(source.lastSyncAt)}</td>
                <td className="p-2 text-right">{formatNumber(source.emailCount)}</td>
                <td className="p-2">
                  <span className="flex flex-wrap gap-1">
                    {SYNCED.includes(source.provider) && (
                      <button className="btn btn-sm" onClick={() => sync.mutate({ id: source.id })}>
                        Sync now
                      </button>
                    )}
                    {/* Plain "Edit" / "Delete" names: the row says which source (a cell named after it would match the name cell's locators). */}
                    <button className="btn btn-sm" onClick={() => setEditing(source)}>
                      Edit
                    </button>
                    <button className="btn btn-sm btn-danger" onClick={() => setDeleting(source)}>
                      Delete
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <EditSourceDialog source={editing} onClose={() => setEditing(null)} />
      <DeleteSourceDialog source={deleting} onClose={() => setDeleting(null)} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <form onSubmit={asyncHandler(upload)} className="card space-y-2" aria-label="Upload mail">
          <h2 className="font-medium">Upload mail</h2>
          <label className="block text-sm">
            Source
            <select
              name="sourceId"
              className="input"
              value={uploadSource?.id ?? ""}
              onChange={(event) => setUploadSourceId(event.target.value)}
            >
              {uploadSources.map((source) => (
                <option key={source.id} value={source.id}>
                  {source.name}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            Mailbox{defaultMailbox ? " (optional)" : ""}{" "}
            <input
              name="userEmail"
              type="email"
              className="input"
              required={!defaultMailbox}
              placeholder={defaultMailbox ? `default: ${defaultMailbox}` : undefined}
              key={uploadSource?.id}
            />
          </label>
          <label className="block text-sm">
            Files <input name="files" type="file" multiple className="block text-sm" />
          </label>
          {/* Folder selection: Chromium, Firefox and Safari all offer it (webkitdirectory); React does not know the attribute's type. */}
          <label className="block text-sm">
            Or a folder <input name="folder" type="file" multiple className="block text-sm" {...{ webkitdirectory: "" }} />
          </label>
          <p className="text-xs text-slate-600">
            Messages (.eml, .txt or any name), mbox files (with or without an extension), zips and Outlook .pst files: each is read for what
            it holds, not its name.
          </p>
          <SubmitButton className="btn btn-primary" disabled={progress !== null}>
            Upload
          </SubmitButton>
          {progress !== null && <progress aria-label="Upload progress" max={1} value={progress} className="w-full" />}
          {summary && (
            <p role="status" className="text-sm">
              {summary}
            </p>
          )}
          {results.length > 0 && (
            <ul aria-label="Upload results" className="space-y-1 text-xs">
              {results.map((result, position) => (
                <li key={`${position}-${result.name}`} data-testid="upload-result">
                  <span className="font-medium">{result.name}</span>: {result.summary}
                  {result.failed.length > 0 && (
                    <ul aria-label={`Items of ${result.name} that failed`} className="list-disc pl-5 text-red-800">
                      {result.failed.map((failure) => (
                        <li key={failure.index}>
                          Item {failure.index + 1}: {failure.reason}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </form>
        <NewSourceForm provider="upload" label="New upload source" title="New upload source" onSubmit={createSource("upload")} />
        <NewSourceForm provider="imap" label="New IMAP source" title="New IMAP source" onSubmit={createSource("imap")} />
        <NewSourceForm
          provider="smtp-journal"
          label="New journal source"
          title="New SMTP journal source"
          onSubmit={createSource("smtp-journal")}
        />
        <NewSourceForm
          provider="microsoft365"
          label="New Microsoft 365 source"
          title="New Microsoft 365 source"
          onSubmit={createSource("microsoft365")}
        />
        <NewSourceForm
          provider="google-workspace"
          label="New Google Workspace source"
          title="New Google Workspace source"
          onSubmit={createSource("google-workspace")}
        />
      </div>
    </div>
  );
}
