"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable } from "@/components/data-table";
import { Dialog } from "@/components/dialog";
import { ErrorNotice } from "@/components/error-notice";
import { CheckboxField, SelectField, FormError, TextAreaField, TextField } from "@/components/form-field";
import { useToast } from "@/components/toast";
import { formatNumber } from "@/lib/format";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import type { ConditionGroup } from "@/server/retention/policies/retention-policies.schemas";
import { describeConditions, emptyRule, RuleBuilder } from "./rule-builder";
import { SubmitButton } from "@/components/submit-button";

type Policy = RouterOutputs["retentionPolicies"]["list"][number];

interface PolicyDraft {
  name: string;
  description: string;
  retentionPeriodDays: string;
  priority: string;
  isEnabled: boolean;
  dispositionAction: "delete" | "review";
  conditions: ConditionGroup | null;
  ingestionSourceIds: string[];
}

const draftOf = (policy?: Policy): PolicyDraft => ({
  name: policy?.name ?? "",
  description: policy?.description ?? "",
  retentionPeriodDays: policy ? String(policy.retentionPeriodDays) : "",
  priority: policy ? String(policy.priority) : "0",
  isEnabled: policy?.isEnabled ?? true,
  dispositionAction: policy?.dispositionAction ?? "delete",
  conditions: policy?.conditions ?? null,
  ingestionSourceIds: policy?.ingestionSourceIds ?? [],
});

export const DISPOSITION_OPTIONS = [
  { value: "delete", label: "Delete automatically" },
  { value: "review", label: "Send to disposition review" },
];

const asInteger = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

const inputOf = (draft: PolicyDraft) => ({
  name: draft.name,
  description: draft.description ? draft.description : null,
  retentionPeriodDays: asInteger(draft.retentionPeriodDays),
  priority: asInteger(draft.priority),
  isEnabled: draft.isEnabled,
  dispositionAction: draft.dispositionAction,
  conditions: draft.conditions,
  ingestionSourceIds: draft.ingestionSourceIds,
});

/** Create or edit one policy; field errors of the server's 422 show where they belong. */
function PolicyForm({
  policy,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  policy?: Policy;
  busy: boolean;
  error: unknown;
  onSubmit: (draft: PolicyDraft) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const sources = useQuery(trpc.sources.names.queryOptions());
  const [draft, setDraft] = useState<PolicyDraft>(() => draftOf(policy));
  const errors = fieldErrorsOf(error);
  const set = <K extends keyof PolicyDraft>(key: K, value: PolicyDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const sourceError = Object.entries(errors).find(([field]) => field.startsWith("ingestionSourceIds"))?.[1];
  const known = new Set(["name", "description", "retentionPeriodDays", "priority"]);
  const unplaced = Object.keys(errors).some(
    (field) => !known.has(field) && !field.startsWith("conditions") && !field.startsWith("ingestionSourceIds"),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(draft);
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={policy ? "Edit retention policy" : "New retention policy"} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          value={draft.name}
          onChange={(event) => set("name", event.target.value)}
          required
          maxLength={255}
          error={errors.name}
        />
        <TextField
          label="Retention period (days)"
          type="number"
          min={1}
          value={draft.retentionPeriodDays}
          onChange={(event) => set("retentionPeriodDays", event.target.value)}
          required
          error={errors.retentionPeriodDays}
        />
        <TextField
          label="Priority"
          type="number"
          value={draft.priority}
          onChange={(event) => set("priority", event.target.value)}
          error={errors.priority}
          hint="Breaks ties between policies of the same period; never makes a shorter period win."
        />
        <SelectField
          label="When due"
          value={draft.dispositionAction}
          onChange={(event) => set("dispositionAction", event.target.value as PolicyDraft["dispositionAction"])}
          options={DISPOSITION_OPTIONS}
          hint="Review: a reviewer decides before anything is deleted (Disposition review page)."
        />
        <div className="flex items-end pb-2">
          <CheckboxField label="Enabled" checked={draft.isEnabled} onChange={(event) => set("isEnabled", event.target.checked)} />
        </div>
      </div>
      <TextAreaField
        label="Description"
        rows={2}
        value={draft.description}
        onChange={(event) => set("description", event.target.value)}
        error={errors.description}
      />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">Applies to</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" checked={draft.conditions === null} onChange={() => set("conditions", null)} />
          every email
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="scope"
            checked={draft.conditions !== null}
            onChange={() => set("conditions", draft.conditions ?? { operator: "AND", rules: [emptyRule()] })}
          />
          emails matching conditions
        </label>
      </fieldset>
      {draft.conditions ? <RuleBuilder value={draft.conditions} onChange={(next) => set("conditions", next)} errors={errors} /> : null}
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">Ingestion sources</legend>
        <p className="text-xs text-slate-500">None ticked: emails of every source.</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {sources.data?.map((source) => (
            <CheckboxField
              key={source.id}
              label={source.name}
              checked={draft.ingestionSourceIds.includes(source.id)}
              onChange={(event) =>
                set(
                  "ingestionSourceIds",
                  event.target.checked
                    ? [...draft.ingestionSourceIds, source.id]
                    : draft.ingestionSourceIds.filter((id) => id !== source.id),
                )
              }
            />
          ))}
        </div>
        {sourceError ? <p className="text-xs text-red-700">{sourceError}</p> : null}
      </fieldset>
      {error && (Object.keys(errors).length === 0 || unplaced) ? <FormError message={errorMessage(error)} /> : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton className="btn btn-primary" disabled={busy}>
          {policy ? "Save policy" : "Create policy"}
        </SubmitButton>
      </div>
    </form>
  );
}

export function PoliciesSection() {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const policies = useQuery(trpc.retentionPolicies.list.queryOptions());
  const sources = useQuery(trpc.sources.names.queryOptions());
  const [editing, setEditing] = useState<Policy | "new" | null>(null);
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const queryClient = useQueryClient();
  /** A save waiting for the officer's confirmation: it would delete emails at the next cycle. */
  const [confirming, setConfirming] = useState<{ deletes: number; reviews: number; save: () => void } | null>(null);
  const [checking, setChecking] = useState(false);
  /**
   * Saves after asking what the policy would do at the next lifecycle cycle: when it would delete
   * emails, the officer confirms with the count first. Input the preview refuses is saved as is, so
   * the server's field errors show in the form.
   */
  async function saveChecked(input: ReturnType<typeof inputOf>, id: string | undefined, save: () => void) {
    setChecking(true);
    try {
      const impact = await queryClient.fetchQuery(trpc.retentionPolicies.previewImpact.queryOptions({ ...input, id }, { staleTime: 0 }));
      if (impact.deletesAtNextCycle > 0) setConfirming({ deletes: impact.deletesAtNextCycle, reviews: impact.reviewsAtNextCycle, save });
      else save();
    } catch {
      save();
    } finally {
      setChecking(false);
    }
  }
  // A policy's rule changes the forecasts, the email statuses and the review queue.
  const refresh = () => invalidate(trpc.retentionPolicies.pathFilter(), trpc.lifecycle.pathFilter(), trpc.dispositions.pathFilter());
  const saved = (policy: Policy) => {
    setEditing(null);
    toast(`Policy "${policy.name}" saved`);
    return refresh();
  };
  const create = useMutation(trpc.retentionPolicies.create.mutationOptions({ onSuccess: saved }));
  const update = useMutation(trpc.retentionPolicies.update.mutationOptions({ onSuccess: saved }));
  const remove = useMutation(
    trpc.retentionPolicies.delete.mutationOptions({
      onSuccess: () => (toast("Policy deleted"), refresh()),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const sourceName = (id: string) => sources.data?.find((source) => source.id === id)?.name ?? id;
  const open = (target: Policy | "new") => {
    create.reset();
    update.reset();
    setEditing(target);
  };

  return (
    <section aria-labelledby="policies-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="policies-heading" className="text-lg font-medium">
          Retention policies
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => open("new")}>
          New policy
        </button>
      </div>
      <p className="text-sm text-slate-600">
        An email without a label is kept for the longest period among the enabled policies it matches; an email no policy matches is kept
        forever.
      </p>
      <ErrorNotice error={policies.error} />
      <DataTable
        caption="Retention policies"
        rows={policies.data}
        loading={policies.isLoading}
        rowKey={(policy) => policy.id}
        emptyTitle="No retention policy yet"
        emptyText="Without policies, emails without a label are kept forever."
        columns={[
          {
            key: "name",
            header: "Name",
            sortValue: (policy) => policy.name.toLowerCase(),
            render: (policy) => <span className="font-medium">{policy.name}</span>,
          },
          {
            key: "period",
            header: "Period",
            sortValue: (policy) => policy.retentionPeriodDays,
            render: (policy) => `${formatNumber(policy.retentionPeriodDays)} days`,
          },
          { key: "priority", header: "Priority", sortValue: (policy) => policy.priority, render: (policy) => policy.priority },
          {
            key: "enabled",
            header: "State",
            sortValue: (policy) => policy.isEnabled,
            render: (policy) =>
              policy.isEnabled ? (
                <span className="badge bg-emerald-100 text-emerald-900">Enabled</span>
              ) : (
                <span className="badge bg-slate-200 text-slate-800">Disabled</span>
              ),
          },
          { key: "conditions", header: "Conditions", className: "max-w-xs", render: (policy) => describeConditions(policy.conditions) },
          {
            key: "sources",
            header: "Sources",
            render: (policy) => (policy.ingestionSourceIds.length === 0 ? "All" : policy.ingestionSourceIds.map(sourceName).join(", ")),
          },
          {
            key: "actions",
            header: "Actions",
            render: (policy) => (
              <span className="flex flex-wrap gap-1" data-testid={`policy-${policy.name}`}>
                <button type="button" className="btn btn-sm" onClick={() => open(policy)} aria-label={`Edit policy ${policy.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  onClick={() => setDeleting(policy)}
                  aria-label={`Delete policy ${policy.name}`}
                >
                  Delete
                </button>
              </span>
            ),
          },
        ]}
      />
      <Dialog
        open={editing !== null}
        wide
        title={editing === "new" ? "New retention policy" : `Edit policy ${editing?.name ?? ""}`}
        onClose={() => setEditing(null)}
      >
        {editing === "new" ? (
          <PolicyForm
            busy={create.isPending || checking}
            error={create.error}
            onCancel={() => setEditing(null)}
            // saveChecked never rejects: a failed check saves without asking.
            onSubmit={(draft) => void saveChecked(inputOf(draft), undefined, () => create.mutate(inputOf(draft)))}
          />
        ) : editing ? (
          <PolicyForm
            key={editing.id}
            policy={editing}
            busy={update.isPending || checking}
            error={update.error}
            onCancel={() => setEditing(null)}
            // saveChecked never rejects: a failed check saves without asking.
            onSubmit={(draft) => void saveChecked(inputOf(draft), editing.id, () => update.mutate({ id: editing.id, ...inputOf(draft) }))}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title="This policy deletes emails at the next cycle"
        confirmLabel="Save and delete at the next cycle"
        danger
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          confirming?.save();
          setConfirming(null);
        }}
      >
        <p data-testid="policy-impact">
          Saving makes <strong>{formatNumber(confirming?.deletes ?? 0)}</strong> email{confirming?.deletes === 1 ? "" : "s"} due for
          deletion: the next lifecycle cycle deletes {confirming?.deletes === 1 ? "it" : "them"} unless a hold or a label keeps{" "}
          {confirming?.deletes === 1 ? "it" : "them"}.
          {confirming?.reviews ? ` ${formatNumber(confirming.reviews)} more go to disposition review.` : ""}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete policy ${deleting?.name ?? ""}?`}
        confirmLabel="Delete policy"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: deleting.id });
          setDeleting(null);
        }}
      >
        <p>Emails it governs fall back to their other matching policies, or are kept forever.</p>
      </ConfirmDialog>
    </section>
  );
}
