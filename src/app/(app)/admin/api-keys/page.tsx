"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { FormError, TextField, zodFieldErrors } from "@/components/form-field";
import { useToast } from "@/components/toast";
import { asyncHandler } from "@/lib/async-handler";
import { formatDateTime } from "@/lib/format";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { createApiKeySchema } from "@/server/identity/api-keys/api-keys.schemas";
import { SubmitButton } from "@/components/submit-button";

type ApiKey = RouterOutputs["account"]["apiKeys"][number];

/** The new key, shown once: the server keeps only its hash. */
function NewKeyNotice({ apiKey, onDismiss }: { apiKey: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
    } catch {
      // Clipboard access needs a secure context; the field stays selectable for a manual copy.
      setCopied(false);
    }
  }
  return (
    <section aria-label="New API key" className="card space-y-2 border-emerald-300 bg-emerald-50">
      <p className="text-sm font-medium text-emerald-900">Copy this key now. It is shown only once and cannot be retrieved later.</p>
      <div className="flex gap-2">
        <input
          readOnly
          value={apiKey}
          aria-label="API key"
          className="input font-mono"
          data-testid="new-api-key"
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="btn" onClick={asyncHandler(copy)}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="text-xs text-slate-600">
        Send it in the <code>X-API-KEY</code> header. It acts with your role.
      </p>
      <button type="button" className="btn btn-sm" onClick={onDismiss}>
        I have stored it
      </button>
    </section>
  );
}

export default function ApiKeysPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.account.apiKeys.queryOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [newKey, setNewKey] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.account.apiKeys.queryFilter());
  const create = useMutation(
    trpc.account.createApiKey.mutationOptions({
      onSuccess: (created) => (setNewKey(created.key), refresh()),
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) });
      },
    }),
  );
  const revoke = useMutation(
    trpc.account.deleteApiKey.mutationOptions({
      onSuccess: () => (toast("API key revoked", "success"), refresh()),
      onError: (error) => toast(errorMessage(error), "error"),
      onSettled: () => setRevoking(null),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = Object.fromEntries(new FormData(formElement)) as Record<string, string>;
    const input = { name: form.name, ...(form.expiresInDays ? { expiresInDays: Number(form.expiresInDays) } : {}) };
    const found = zodFieldErrors(createApiKeySchema, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(input, { onSuccess: () => formElement.reset() });
  }

  return (
    <div className="space-y-4">
      <h1 className="page-title">API keys</h1>
      <p className="text-sm text-slate-600">Your own keys for scripts and integrations. Each key acts as you, with your role.</p>
      {newKey && <NewKeyNotice apiKey={newKey} onDismiss={() => setNewKey(null)} />}
      <form onSubmit={submit} className="card grid gap-3 sm:grid-cols-[1fr_12rem_auto]" aria-label="New API key form" noValidate>
        <TextField label="Key name" name="name" error={errors.name} placeholder="e.g. nightly export" required />
        <TextField
          label="Expires in (days)"
          name="expiresInDays"
          type="number"
          min={1}
          max={3650}
          error={errors.expiresInDays}
          hint="Empty: never expires."
        />
        <div className="flex items-start pt-6">
          <SubmitButton className="btn btn-primary" disabled={create.isPending}>
            Create key
          </SubmitButton>
        </div>
        <div className="sm:col-span-3">
          <FormError message={errors.form} />
        </div>
      </form>
      <ErrorNotice error={keys.error} />
      <DataTable
        caption="Your API keys"
        rows={keys.data}
        loading={keys.isLoading}
        rowKey={(key) => key.id}
        emptyTitle="No API keys yet"
        columns={[
          { key: "name", header: "Name", sortValue: (key) => key.name.toLowerCase(), render: (key) => key.name },
          { key: "prefix", header: "Key starts with", render: (key) => <code>{key.prefix}…</code> },
          { key: "created", header: "Created", sortValue: (key) => key.createdAt, render: (key) => formatDateTime(key.createdAt) },
          {
            key: "lastUsed",
            header: "Last used",
            sortValue: (key) => key.lastUsedAt,
            render: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "never"),
          },
          {
            key: "expires",
            header: "Expires",
            sortValue: (key) => key.expiresAt,
            render: (key) => (key.expiresAt ? formatDateTime(key.expiresAt) : "never"),
          },
          {
            key: "actions",
            header: "Actions",
            render: (key) => (
              <button className="btn btn-sm btn-danger" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                Revoke
              </button>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        confirmLabel="Revoke key"
        danger
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      >
        <p>
          Revoke <strong>{revoking?.name}</strong>? Requests with it are refused from now on; this cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
