"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { errorMessage, useTRPC } from "@/lib/trpc";

const DEFAULT_FOLDER = "Restored from archive";

/** Restores the email into a folder of an IMAP source's mailbox (docs/journaling.md, "Restore"). */
export function RestoreForm({ emailId }: { emailId: string }) {
  const trpc = useTRPC();
  const toast = useToast();
  const sources = useQuery(trpc.sources.names.queryOptions());
  const mailboxes = sources.data?.filter((source) => source.provider === "imap") ?? [];
  const [sourceId, setSourceId] = useState("");
  const [folder, setFolder] = useState(DEFAULT_FOLDER);
  const restore = useMutation(
    trpc.archivedEmails.restore.mutationOptions({
      onSuccess: (result) => toast(`Restored to "${result.folder}"`, "success"),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  if (mailboxes.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    restore.mutate({ id: emailId, ingestionSourceId: sourceId || mailboxes[0].id, folder: folder.trim() || DEFAULT_FOLDER });
  };
  return (
    <form className="flex flex-wrap items-end gap-2 pt-2 text-sm" aria-label="Restore to a mailbox" onSubmit={submit}>
      <label className="flex flex-col">
        <span className="text-slate-600">Restore to mailbox</span>
        <select className="input" value={sourceId || mailboxes[0].id} onChange={(event) => setSourceId(event.target.value)}>
          {mailboxes.map((source) => (
            <option key={source.id} value={source.id}>{source.name}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="text-slate-600">Folder</span>
        <input className="input" value={folder} maxLength={255} onChange={(event) => setFolder(event.target.value)} />
      </label>
      <SubmitButton className="btn btn-sm" disabled={restore.isPending}>{restore.isPending ? "Restoring…" : "Restore"}</SubmitButton>
    </form>
  );
}
