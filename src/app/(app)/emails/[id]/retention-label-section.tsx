"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { errorMessage, useTRPC } from "@/lib/trpc";

/** The email's retention label; with delete:archive, applying and removing one. */
export function RetentionLabelSection({ emailId, labelDisabled }: { emailId: string; labelDisabled: boolean }) {
  const trpc = useTRPC();
  const can = useCapabilities();
  const toast = useToast();
  const invalidate = useInvalidate();
  const label = useQuery(trpc.retentionLabels.emailLabel.queryOptions({ emailId }));
  // Applying needs delete:archive, not manage:all: the choices come from the procedure with that permission.
  const choices = useQuery({ ...trpc.retentionLabels.applicable.queryOptions(), enabled: can.deleteArchive });
  const refresh = () =>
    invalidate(
      { queryKey: trpc.retentionLabels.emailLabel.queryKey({ emailId }) },
      { queryKey: trpc.lifecycle.emailStatus.queryKey({ emailId }) },
    );
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const applyLabel = useMutation(trpc.retentionLabels.applyToEmail.mutationOptions({ onSuccess: refresh, onError }));
  const removeLabel = useMutation(trpc.retentionLabels.removeFromEmail.mutationOptions({ onSuccess: refresh, onError }));

  return (
    <section className="card text-sm" aria-label="Retention label">
      <h2 className="mb-1 font-medium">Retention label</h2>
      <p data-testid="email-label">
        {label.data
          ? `${label.data.labelName} (${label.data.retentionPeriodDays} days)${labelDisabled ? ", disabled: it stays on this email but cannot be applied again" : ""}`
          : "No label"}
      </p>
      {can.deleteArchive && (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const labelId = String(new FormData(event.currentTarget).get("labelId") ?? "");
            if (labelId) applyLabel.mutate({ emailId, labelId });
          }}
        >
          <select name="labelId" className="input max-w-xs" aria-label="Label to apply">
            {choices.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
          <SubmitButton className="btn btn-sm" disabled={!choices.data?.length}>
            Apply label
          </SubmitButton>
          {label.data && (
            <button type="button" className="btn btn-sm" onClick={() => removeLabel.mutate({ emailId })}>
              Remove label
            </button>
          )}
        </form>
      )}
      {/* An empty list and a greyed button said nothing about why. */}
      {can.deleteArchive && choices.data?.length === 0 && (
        <p className="mt-1 text-xs text-slate-600">No retention label to apply yet: create one on the Retention page.</p>
      )}
    </section>
  );
}
