"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { useTRPC } from "@/lib/trpc";
import { useInvalidate } from "@/lib/use-invalidate";
import { HoldFields, holdInput } from "../../holds/hold-form";

/** A hold created here carries the case's id, so it joins the case's holds. */
export function CaseHoldForm({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const create = useMutation(
    trpc.legalHolds.create.mutationOptions({
      onSuccess: (hold) => (
        toast(`Hold "${hold.name}" created`),
        // The case's holds and its activity, and the holds page.
        invalidate(trpc.ediscovery.pathFilter(), trpc.legalHolds.pathFilter())
      ),
    }),
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate({ ...holdInput(form), caseId }, { onSuccess: () => form.reset() });
  }
  return (
    <form onSubmit={submit} className="card max-w-xl space-y-3" aria-label="New hold for this case" noValidate>
      <h3 className="font-medium">New hold for this case</h3>
      <HoldFields error={create.error} />
      <SubmitButton className="btn btn-primary" disabled={create.isPending}>
        Create hold
      </SubmitButton>
    </form>
  );
}
