"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Dialog } from "@/components/dialog";
import { FormError } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { useInvalidate } from "@/lib/use-invalidate";
import type { Provider } from "@/server/capture/ingestion-sources.schemas";
import { editedConfigFrom, formValuesOf, secretPrompt, secretsToEnterAgain, type FormFields } from "./source-config";
import { SourceFields } from "./source-fields";

export type Source = RouterOutputs["sources"]["list"][number];

const fieldsOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form)) as FormFields;

/** The server's answer in words: its field errors (e.g. `config.password`), else its message. */
function refusal(error: unknown): string {
  const fields = Object.entries(fieldErrorsOf(error));
  return fields.length > 0 ? fields.map(([field, message]) => `${field}: ${message}`).join("; ") : errorMessage(error);
}

function EditSourceForm({ source, onDone }: { source: Source; onDone: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const provider = source.provider as Provider;
  // The secret to enter again, re-checked as the host or the login is edited.
  const [needs, setNeeds] = useState<{ secret: string; because: string[] }[]>([]);
  const [error, setError] = useState("");
  const update = useMutation(
    trpc.sources.update.mutationOptions({
      onSuccess: (saved) => {
        toast(`Source "${saved.name}" saved`, "success");
        // invalidateQueries never rejects: a failed refetch shows in the list's error state.
        void invalidate(trpc.sources.pathFilter());
        onDone();
      },
      onError: (failure) => setError(refusal(failure)),
    }),
  );
  const check = (form: HTMLFormElement) => {
    const found = secretsToEnterAgain(provider, source.config, editedConfigFrom(provider, fieldsOf(form)));
    setNeeds(found);
    return found;
  };
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = fieldsOf(event.currentTarget);
    const missing = check(event.currentTarget);
    if (missing.length > 0) {
      setError(missing.map(secretPrompt).join(" "));
      return;
    }
    setError("");
    update.mutate({ id: source.id, name: form.name, config: editedConfigFrom(provider, form) });
  }
  return (
    <form onSubmit={submit} onChange={(event) => check(event.currentTarget)} className="space-y-2" aria-label="Edit source" noValidate>
      <p className="text-xs text-slate-600">
        Provider: {source.provider}. A stored password, secret or key is kept unless you change where it goes (host, port, TLS, login,
        tenant, client, administrator, endpoints): then enter it again.
      </p>
      <label className="block text-sm">
        Name <input name="name" className="input" required defaultValue={source.name} />
      </label>
      <SourceFields provider={provider} values={formValuesOf(source.config)} secretPrompt={needs[0] ? secretPrompt(needs[0]) : undefined} />
      <FormError message={error} />
      <div className="flex justify-end">
        <SubmitButton className="btn btn-primary" disabled={update.isPending}>
          Save source
        </SubmitButton>
      </div>
    </form>
  );
}

/** Edits a source's name and config; the form requires the credential again when the host or the login changes. */
export function EditSourceDialog({ source, onClose }: { source: Source | null; onClose: () => void }) {
  return (
    <Dialog open={source !== null} wide title={source ? `Edit source ${source.name}` : "Edit source"} onClose={onClose}>
      {source && <EditSourceForm key={source.id} source={source} onDone={onClose} />}
    </Dialog>
  );
}

/** Deletes a source after a confirmation; a source that still holds archived emails is refused, and the reason shown. */
export function DeleteSourceDialog({ source, onClose }: { source: Source | null; onClose: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [error, setError] = useState("");
  const close = () => (setError(""), onClose());
  const remove = useMutation(
    trpc.sources.delete.mutationOptions({
      onSuccess: () => {
        toast(`Source "${source?.name}" deleted`, "success");
        // invalidateQueries never rejects: a failed refetch shows in the list's error state.
        void invalidate(trpc.sources.pathFilter());
        close();
      },
      onError: (failure) => setError(errorMessage(failure)),
    }),
  );
  return (
    <ConfirmDialog
      open={source !== null}
      title="Delete source"
      confirmLabel="Delete source"
      danger
      busy={remove.isPending}
      onConfirm={() => source && remove.mutate({ id: source.id })}
      onClose={close}
    >
      <p>
        Delete the source <strong>{source?.name}</strong>? Only a source without archived emails can be deleted
        {source && source.emailCount > 0 ? `; this one holds ${source.emailCount}` : ""}.
      </p>
      <FormError message={error} />
    </ConfirmDialog>
  );
}
