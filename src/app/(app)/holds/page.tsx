"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormDialog } from "@/components/dialog";
import { ErrorNotice } from "@/components/error-notice";
import { FormError, TextAreaField, TextField } from "@/components/form-field";
import { Skeleton } from "@/components/skeleton";
import { useToast } from "@/components/toast";
import { formatNumber } from "@/lib/format";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { BulkApply } from "./bulk-apply";
import { HoldEmails } from "./hold-emails";
import { SubmitButton } from "@/components/submit-button";

type Hold = RouterOutputs["legalHolds"]["list"][number];

const DELETE_RULE = "An active hold protects its emails and cannot be deleted: deactivate it first.";

function HoldFields({ hold, error }: { hold?: Hold; error: unknown }) {
  const errors = fieldErrorsOf(error);
  return (
    <>
      <TextField label="Name" name="name" defaultValue={hold?.name} required maxLength={255} error={errors.name} />
      <TextAreaField label="Reason" name="reason" defaultValue={hold?.reason ?? ""} maxLength={2000} rows={3} error={errors.reason} />
      {error && Object.keys(errors).length === 0 ? <FormError message={errorMessage(error)} /> : null}
    </>
  );
}

function holdInput(form: HTMLFormElement) {
  const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
  return { name: values.name ?? "", reason: values.reason ? values.reason : null };
}

export default function HoldsPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const holds = useQuery(trpc.legalHolds.list.queryOptions());
  const [editing, setEditing] = useState<Hold | null>(null);
  const [releasing, setReleasing] = useState<Hold | null>(null);
  const [deleting, setDeleting] = useState<Hold | null>(null);
  const [viewing, setViewing] = useState<Hold | null>(null);
  const refresh = () => queryClient.invalidateQueries();
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const create = useMutation(trpc.legalHolds.create.mutationOptions({ onSuccess: (hold) => (toast(`Hold "${hold.name}" created`), refresh()) }));
  const update = useMutation(trpc.legalHolds.update.mutationOptions({ onSuccess: refresh, onError }));
  const edit = useMutation(
    trpc.legalHolds.update.mutationOptions({
      onSuccess: (hold) => {
        setEditing(null);
        toast(`Hold "${hold.name}" saved`);
        return refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.legalHolds.delete.mutationOptions({
      onSuccess: (_result, { id }) => {
        if (viewing?.id === id) setViewing(null);
        toast("Hold deleted");
        return refresh();
      },
      onError,
    }),
  );
  const releaseAll = useMutation(
    trpc.legalHolds.releaseAll.mutationOptions({
      onSuccess: (result) => (toast(`Released ${formatNumber(result.emailsReleased)} emails from the hold`), refresh()),
      onError,
    }),
  );

  function submitCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate(holdInput(form), { onSuccess: () => form.reset() });
  }

  function submitEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (editing) edit.mutate({ id: editing.id, data: holdInput(event.currentTarget) });
  }

  return (
    <div className="space-y-6">
      <h1 className="page-title">Legal holds</h1>
      <ErrorNotice error={holds.error} />
      {!holds.data ? (
        holds.error ? null : <Skeleton lines={4} />
      ) : holds.data.length === 0 ? (
        <p className="text-sm text-slate-600">No legal hold yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">Legal holds</caption>
            <thead className="bg-slate-50">
              <tr className="text-left text-slate-600">
                <th scope="col" className="p-2">Name</th>
                <th scope="col" className="p-2">Reason</th>
                <th scope="col" className="p-2">State</th>
                <th scope="col" className="p-2 text-right">Emails</th>
                <th scope="col" className="p-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {holds.data.map((hold) => (
                <tr key={hold.id} className="border-t border-slate-100 align-top" data-testid={`hold-${hold.name}`}>
                  <td className="p-2 font-medium">{hold.name}</td>
                  <td className="max-w-xs p-2">{hold.reason ?? ""}</td>
                  <td className="p-2">
                    {hold.isActive ? <span className="badge bg-amber-100 text-amber-900">Active</span> : <span className="badge bg-slate-200 text-slate-800">Inactive</span>}
                  </td>
                  <td className="p-2 text-right">
                    <button type="button" className="link" onClick={() => setViewing(hold)} aria-label={`Show the ${hold.emailCount} emails of ${hold.name}`}>
                      {formatNumber(hold.emailCount)}
                    </button>
                  </td>
                  <td className="p-2">
                    <span className="flex flex-wrap gap-1">
                      <button type="button" className="btn btn-sm" onClick={() => setViewing(hold)}>
                        Emails
                      </button>
                      <button type="button" className="btn btn-sm" onClick={() => (edit.reset(), setEditing(hold))}>
                        Edit
                      </button>
                      <button type="button" className="btn btn-sm" onClick={() => update.mutate({ id: hold.id, data: { isActive: !hold.isActive } })}>
                        {hold.isActive ? "Deactivate" : "Activate"}
                      </button>
                      <button type="button" className="btn btn-sm" disabled={hold.emailCount === 0} onClick={() => setReleasing(hold)}>
                        Release all
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        disabled={hold.isActive}
                        aria-describedby={hold.isActive ? "hold-delete-rule" : undefined}
                        title={hold.isActive ? DELETE_RULE : undefined}
                        onClick={() => setDeleting(hold)}
                      >
                        Delete
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p id="hold-delete-rule" className="text-xs text-slate-600">
        {DELETE_RULE} Deactivating lifts the protection at once; the links stay until the hold is deleted or released.
      </p>

      {viewing ? <HoldEmails key={viewing.id} hold={viewing} onClose={() => setViewing(null)} /> : null}

      <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <form onSubmit={submitCreate} className="card space-y-3 self-start" aria-label="New legal hold" noValidate>
          <h2 className="font-medium">New legal hold</h2>
          <HoldFields error={create.error} />
          <SubmitButton className="btn btn-primary" disabled={create.isPending}>
            Create hold
          </SubmitButton>
        </form>
        <BulkApply holds={holds.data ?? []} />
      </div>

      <FormDialog
        open={editing !== null}
        title={`Edit hold ${editing?.name ?? ""}`}
        formLabel="Edit legal hold"
        submitLabel="Save hold"
        busy={edit.isPending}
        onClose={() => setEditing(null)}
        onSubmit={submitEdit}
      >
        {editing ? <HoldFields hold={editing} error={edit.error} /> : null}
      </FormDialog>
      <ConfirmDialog
        open={releasing !== null}
        title={`Release every email from ${releasing?.name ?? ""}?`}
        confirmLabel="Release all"
        danger
        typedConfirmation={releasing?.name}
        onClose={() => setReleasing(null)}
        onConfirm={() => {
          if (releasing) releaseAll.mutate({ id: releasing.id });
          setReleasing(null);
        }}
      >
        <p>
          All {formatNumber(releasing?.emailCount)} links of this hold are removed and the emails lose its protection at once; the hold itself is kept. Emails
          whose retention has expired are deleted by the next lifecycle cycle.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete hold ${deleting?.name ?? ""}?`}
        confirmLabel="Delete hold"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: deleting.id });
          setDeleting(null);
        }}
      >
        <p>The hold and its {formatNumber(deleting?.emailCount)} links are removed. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
