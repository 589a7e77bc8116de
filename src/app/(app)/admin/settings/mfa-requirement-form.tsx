"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { SelectField } from "@/components/form-field";
import { useToast } from "@/components/toast";
import { errorMessage, useTRPC } from "@/lib/trpc";
import type { MfaRequired } from "@/server/settings/settings.schemas";

const OPTIONS: { value: MfaRequired; label: string }[] = [
  { value: "off", label: "Not required" },
  { value: "admins", label: "Required for administrators (roles with manage:all)" },
  { value: "everyone", label: "Required for everyone" },
];

/** Who must use two-factor authentication (the `mfaRequired` setting of GET/PUT /v1/settings). */
export function MfaRequirementForm({ value }: { value: MfaRequired }) {
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
        toast("Two-factor requirement saved", "success");
        // The requirement may now apply to the administrator who changed it: the layout sends them to enrolment.
        router.refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  return (
    <section className="card space-y-3" aria-labelledby="mfa-requirement-heading">
      <h2 id="mfa-requirement-heading" className="font-medium">
        Two-factor authentication
      </h2>
      <SelectField
        label="Require two-factor authentication"
        name="mfaRequired"
        value={value}
        disabled={update.isPending}
        options={OPTIONS}
        onChange={(event) => update.mutate({ mfaRequired: event.target.value as MfaRequired })}
        hint="A user it applies to who has not set up an authenticator app is sent to its set-up after signing in and can do nothing else until done, yourself included. Single sign-on sessions (the identity provider asks for its own second factor) and API keys are exempt."
      />
    </section>
  );
}
