"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable } from "@/components/data-table";
import { FormDialog } from "@/components/dialog";
import { ErrorNotice } from "@/components/error-notice";
import { FormError, SelectField, TextAreaField, TextField } from "@/components/form-field";
import { useToast } from "@/components/toast";
import { formatDate, formatNumber } from "@/lib/format";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { SubmitButton } from "@/components/submit-button";
import { DISPOSITION_OPTIONS } from "./policies-section";

type Label = RouterOutputs["retentionLabels"]["list"][number];

function labelInput(form: HTMLFormElement) {
  const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
  return {
    name: values.name ?? "",
    description: values.description ? values.description : null,
    retentionPeriodDays: values.retentionPeriodDays === "" ? Number.NaN : Number(values.retentionPeriodDays),
    dispositionAction: values.dispositionAction === "review" ? ("review" as const) : ("delete" as const),
  };
}

/** Name, description and period; the server's 422 field errors show under each field. */
function LabelFields({ label, error }: { label?: Label; error: unknown }) {
  const errors = fieldErrorsOf(error);
  return (
    <>
      <TextField label="Name" name="name" defaultValue={label?.name} required maxLength={255} error={errors.name} />
      <TextAreaField label="Description" name="description" defaultValue={label?.description ?? ""} rows={2} error={errors.description} />
      <TextField
        label="Retention period (days)"
        name="retentionPeriodDays"
        type="number"
        min={1}
        defaultValue={label?.retentionPeriodDays}
        required
        error={errors.retentionPeriodDays}
        hint={
          label ? "Cannot change while the label is on emails." : "Emails with this label are deleted this many days after they were sent."
        }
      />
      <SelectField
        label="When due"
        name="dispositionAction"
        defaultValue={label?.dispositionAction ?? "delete"}
        options={DISPOSITION_OPTIONS}
        error={errors.dispositionAction}
      />
      {error && Object.keys(errors).length === 0 ? <FormError message={errorMessage(error)} /> : null}
    </>
  );
}

export function LabelsSection() {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const labels = useQuery(trpc.retentionLabels.list.queryOptions());
  const [editing, setEditing] = useState<Label | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);
  const [outcome, setOutcome] = useState("");
  // A label's rule changes the forecasts, the email statuses and the review queue.
  const refresh = () => invalidate(trpc.retentionLabels.pathFilter(), trpc.lifecycle.pathFilter(), trpc.dispositions.pathFilter());
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const create = useMutation(
    trpc.retentionLabels.create.mutationOptions({
      onSuccess: (label) => {
        toast(`Label "${label.name}" created`);
        return refresh();
      },
    }),
  );
  const update = useMutation(
    trpc.retentionLabels.update.mutationOptions({
      onSuccess: (label) => {
        setEditing(null);
        toast(`Label "${label.name}" saved`);
        return refresh();
      },
    }),
  );
  const reEnable = useMutation(
    trpc.retentionLabels.update.mutationOptions({
      onSuccess: (label) => (toast(`Label "${label.name}" enabled again`), refresh()),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.retentionLabels.delete.mutationOptions({
      onSuccess: ({ action }, { id }) => {
        const name = labels.data?.find((label) => label.id === id)?.name ?? "";
        const message =
          action === "deleted"
            ? `Label "${name}" deleted: no email carried it.`
            : `Label "${name}" disabled, not deleted: emails carry it and keep its retention period. It can no longer be applied.`;
        setOutcome(message);
        toast(message, "info");
        return refresh();
      },
      onError,
    }),
  );

  function submitCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate(labelInput(form), { onSuccess: () => form.reset() });
  }

  function submitEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (editing) update.mutate({ id: editing.id, ...labelInput(event.currentTarget) });
  }

  return (
    <section aria-labelledby="labels-heading" className="space-y-3">
      <h2 id="labels-heading" className="text-lg font-medium">
        Retention labels
      </h2>
      <p className="text-sm text-slate-600">
        A label on an email sets its retention period, whatever the policies say. Deleting a label that emails carry disables it instead.
      </p>
      <ErrorNotice error={labels.error} />
      {outcome ? (
        <p role="status" data-testid="label-outcome" className="rounded-md border border-slate-200 bg-slate-50 p-2 text-sm">
          {outcome}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] [&>*]:min-w-0">
        <DataTable
          caption="Retention labels"
          rows={labels.data}
          loading={labels.isLoading}
          rowKey={(label) => label.id}
          emptyTitle="No retention label yet"
          emptyText="Create one with the form."
          columns={[
            {
              key: "name",
              header: "Name",
              sortValue: (label) => label.name.toLowerCase(),
              render: (label) => <span className="font-medium">{label.name}</span>,
            },
            { key: "description", header: "Description", render: (label) => label.description ?? "" },
            {
              key: "period",
              header: "Period",
              sortValue: (label) => label.retentionPeriodDays,
              render: (label) => `${formatNumber(label.retentionPeriodDays)} days`,
            },
            {
              key: "state",
              header: "State",
              sortValue: (label) => label.isDisabled,
              render: (label) =>
                label.isDisabled ? (
                  <span className="badge bg-slate-200 text-slate-800">Disabled</span>
                ) : (
                  <span className="badge bg-emerald-100 text-emerald-900">Active</span>
                ),
            },
            { key: "created", header: "Created", sortValue: (label) => label.createdAt, render: (label) => formatDate(label.createdAt) },
            {
              key: "actions",
              header: "Actions",
              render: (label) => (
                <span className="flex flex-wrap gap-1" data-testid={`label-${label.name}`}>
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => (update.reset(), setEditing(label))}
                    aria-label={`Edit label ${label.name}`}
                  >
                    Edit
                  </button>
                  {label.isDisabled ? (
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => reEnable.mutate({ id: label.id, isDisabled: false })}
                      aria-label={`Enable label ${label.name}`}
                    >
                      Enable
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-sm btn-danger"
                    onClick={() => setDeleting(label)}
                    aria-label={`Delete label ${label.name}`}
                  >
                    Delete
                  </button>
                </span>
              ),
            },
          ]}
        />
        <form onSubmit={submitCreate} className="card space-y-3 self-start" aria-label="New retention label" noValidate>
          <h3 className="font-medium">New retention label</h3>
          <LabelFields error={create.error} />
          <SubmitButton className="btn btn-primary" disabled={create.isPending}>
            Create label
          </SubmitButton>
        </form>
      </div>
      <FormDialog
        open={editing !== null}
        title={`Edit label ${editing?.name ?? ""}`}
        formLabel="Edit retention label"
        submitLabel="Save label"
        busy={update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={submitEdit}
      >
        {editing ? <LabelFields label={editing} error={update.error} /> : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete label ${deleting?.name ?? ""}?`}
        confirmLabel="Delete label"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: deleting.id });
          setDeleting(null);
        }}
      >
        <p>
          If no email carries this label it is deleted. If emails carry it, it is disabled instead: they keep it and its retention period,
          and it cannot be applied again until re-enabled.
        </p>
      </ConfirmDialog>
    </section>
  );
}
