"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { errorMessage, useTRPC } from "@/lib/trpc";
import { useInvalidate } from "@/lib/use-invalidate";

/**
 * Attaches a hold that already exists (created on the Legal holds page, or for another matter) to this
 * case: the hold's `caseId` is set, as `PUT /api/v1/enterprise/legal-holds/holds/{id}` with `caseId`
 * does, audited as the hold's UPDATE. Holds of other cases are offered too, named with that fact: a
 * hold belongs to one case at a time.
 */
export function AttachHoldForm({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const holds = useQuery(trpc.legalHolds.list.queryOptions());
  const attach = useMutation(
    trpc.legalHolds.update.mutationOptions({
      onSuccess: (hold) => (
        toast(`Hold "${hold.name}" attached to this case`, "success"),
        invalidate(trpc.ediscovery.pathFilter(), trpc.legalHolds.pathFilter())
      ),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const others = (holds.data ?? []).filter((hold) => hold.caseId !== caseId);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = String(new FormData(event.currentTarget).get("holdId") ?? "");
    if (id) attach.mutate({ id, caseId });
  }
  return (
    <form onSubmit={submit} className="card max-w-xl space-y-3" aria-label="Attach an existing hold">
      <h3 className="font-medium">Attach an existing hold</h3>
      {others.length === 0 ? (
        <p className="text-sm text-slate-600">Every hold already belongs to this case, or none exists yet.</p>
      ) : (
        <>
          <label className="block text-sm">
            Hold
            <select name="holdId" className="input">
              {others.map((hold) => (
                <option key={hold.id} value={hold.id}>
                  {hold.name}
                  {hold.isActive ? "" : " (inactive)"}
                  {hold.caseId ? " (in another case)" : ""}
                </option>
              ))}
            </select>
          </label>
          <SubmitButton className="btn" disabled={attach.isPending}>
            Attach hold
          </SubmitButton>
        </>
      )}
    </form>
  );
}
