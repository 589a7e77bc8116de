"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { useTRPC } from "@/lib/trpc";
import { BulkApply } from "./bulk-apply";
import { HoldFields, holdInput, type Hold } from "./hold-form";
import { HoldEmails } from "./hold-emails";
import { DELETE_RULE, HoldsTable } from "./holds-table";
import { useHoldChange } from "./use-hold-change";

function NewHoldForm() {
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useHoldChange();
  const create = useMutation(
    trpc.legalHolds.create.mutationOptions({ onSuccess: (hold) => (toast(`Hold "${hold.name}" created`), refresh()) }),
  );

  function submitCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate(holdInput(form), { onSuccess: () => form.reset() });
  }

  return (
    <form onSubmit={submitCreate} className="card space-y-3 self-start" aria-label="New legal hold" noValidate>
      <h2 className="font-medium">New legal hold</h2>
      <HoldFields error={create.error} />
      <SubmitButton className="btn btn-primary" disabled={create.isPending}>
        Create hold
      </SubmitButton>
    </form>
  );
}

export default function HoldsPage() {
  const trpc = useTRPC();
  const holds = useQuery(trpc.legalHolds.list.queryOptions());
  const [viewing, setViewing] = useState<Hold | null>(null);

  return (
    <div className="space-y-6">
      <h1 className="page-title">Legal holds</h1>
      <ErrorNotice error={holds.error} />
      {holds.error ? null : (
        <HoldsTable
          holds={holds.data}
          loading={holds.isLoading}
          onView={setViewing}
          onDeleted={(id) => setViewing((current) => (current?.id === id ? null : current))}
        />
      )}
      <p id="hold-delete-rule" className="text-xs text-slate-600">
        {DELETE_RULE} Deactivating lifts the protection at once; the links stay until the hold is deleted or released.
      </p>

      {viewing ? <HoldEmails key={viewing.id} hold={viewing} onClose={() => setViewing(null)} /> : null}

      <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <NewHoldForm />
        <BulkApply holds={holds.data ?? []} />
      </div>
    </div>
  );
}
