"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { errorMessage, useTRPC } from "@/lib/trpc";

/** The email's holds; with manage:holds, applying and removing them. */
export function LegalHoldsSection({ emailId }: { emailId: string }) {
  const trpc = useTRPC();
  const can = useCapabilities();
  const toast = useToast();
  const invalidate = useInvalidate();
  const holds = useQuery(trpc.legalHolds.emailHolds.queryOptions({ emailId }));
  const allHolds = useQuery({ ...trpc.legalHolds.list.queryOptions(), enabled: can.manageHolds });
  // A hold changes the email's badge and what the lifecycle will do with it.
  const refresh = () =>
    invalidate(
      { queryKey: trpc.legalHolds.emailHolds.queryKey({ emailId }) },
      { queryKey: trpc.archivedEmails.get.queryKey({ id: emailId }) },
      { queryKey: trpc.lifecycle.emailStatus.queryKey({ emailId }) },
    );
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const applyHold = useMutation(trpc.legalHolds.applyToEmail.mutationOptions({ onSuccess: refresh, onError }));
  const removeHold = useMutation(trpc.legalHolds.removeFromEmail.mutationOptions({ onSuccess: refresh, onError }));

  return (
    <section className="card text-sm" aria-label="Legal holds">
      <h2 className="mb-1 font-medium">Legal holds</h2>
      {holds.data?.length === 0 ? <p>Not linked to any hold.</p> : null}
      <ul>
        {holds.data?.map((hold) => (
          <li key={hold.legalHoldId} className="flex items-center gap-2">
            {hold.holdName} {hold.isActive ? "" : "(inactive)"}
            {can.manageHolds && (
              <button
                className="btn btn-sm"
                aria-label={`Remove hold ${hold.holdName}`}
                onClick={() => removeHold.mutate({ emailId, holdId: hold.legalHoldId })}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {can.manageHolds && (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const holdId = String(new FormData(event.currentTarget).get("holdId") ?? "");
            if (holdId) applyHold.mutate({ emailId, holdId });
          }}
        >
          <select name="holdId" className="input max-w-xs" aria-label="Hold to apply">
            {allHolds.data
              ?.filter((hold) => hold.isActive)
              .map((hold) => (
                <option key={hold.id} value={hold.id}>
                  {hold.name}
                </option>
              ))}
          </select>
          <SubmitButton className="btn btn-sm" disabled={!allHolds.data?.some((hold) => hold.isActive)}>
            Apply hold
          </SubmitButton>
        </form>
      )}
      {/* An empty list and a greyed button said nothing about why. */}
      {can.manageHolds && allHolds.data && !allHolds.data.some((hold) => hold.isActive) && (
        <p className="mt-1 text-xs text-slate-600">No active legal hold to apply yet: create one on the Legal holds page.</p>
      )}
    </section>
  );
}
