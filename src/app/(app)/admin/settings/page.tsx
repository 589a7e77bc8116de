"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { Switch } from "@/components/switch";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { errorMessage, useTRPC } from "@/lib/trpc";
import { MfaRequirementForm } from "./mfa-requirement-form";
import { PhraseIndexForm } from "./phrase-index-form";
import { ReviewAnalyticsForm } from "./review-analytics-form";
import { SsoRoleMappingForm } from "./sso-role-mapping-form";

export default function SettingsPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const can = useCapabilities();
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.settings.get.queryOptions(), enabled: can.manageSettings });
  const [confirming, setConfirming] = useState(false);
  const update = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
        toast(saved.deletionEnabled ? "Deletion enabled" : "Deletion disabled", "success");
      },
      onError: (error) => toast(errorMessage(error), "error"),
      onSettled: () => setConfirming(false),
    }),
  );

  if (!can.manageSettings) return <ErrorNotice title="Not allowed" error={new Error("Only administrators may change settings.")} />;

  const enabled = settings.data?.deletionEnabled ?? false;
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="page-title">Settings</h1>
      <ErrorNotice error={settings.error} />
      {!settings.data ? (
        <Skeleton lines={3} />
      ) : (
        <section className="card space-y-3" aria-labelledby="deletion-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="deletion-heading" className="font-medium">
              Deletion of archived emails
            </h2>
            <span
              data-testid="deletion-state"
              className={`badge ${enabled ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"}`}
            >
              {enabled ? "Deletion enabled" : "Deletion disabled"}
            </span>
          </div>
          <p className="text-sm text-slate-700">
            While deletion is <strong>disabled</strong> (the default), no one can delete an archived email by hand, whatever their role: the
            Delete button and <code>DELETE /v1/archived-emails/&#123;id&#125;</code> are refused. Turn it <strong>on</strong> to let users
            whose role grants <code>delete:archive</code> delete single emails. Emails on an active legal hold stay protected either way.
            This switch does not govern the retention lifecycle: retention labels and policies delete expired emails according to their own
            rules (see Retention). Every change is recorded in the audit log.
          </p>
          <div className="flex items-center gap-3">
            <Switch
              checked={enabled}
              labelledBy="deletion-heading"
              disabled={update.isPending}
              onColor="bg-amber-500"
              onClick={() => (enabled ? update.mutate({ deletionEnabled: false }) : setConfirming(true))}
            />
            <span className="text-sm text-slate-700">
              {enabled ? "On: permitted users can delete emails" : "Off: no email can be deleted by hand"}
            </span>
          </div>
        </section>
      )}
      {settings.data && <MfaRequirementForm value={settings.data.mfaRequired} />}
      {settings.data && (
        <ReviewAnalyticsForm threshold={settings.data.nearDuplicateThreshold} ignorePatterns={settings.data.ignorePatterns} />
      )}
      {settings.data && <PhraseIndexForm enabled={settings.data.phraseIndex} />}
      <SsoRoleMappingForm />
      <ConfirmDialog
        open={confirming}
        title="Enable deletion"
        confirmLabel="Enable deletion"
        danger
        busy={update.isPending}
        onConfirm={() => update.mutate({ deletionEnabled: true })}
        onClose={() => setConfirming(false)}
      >
        <p>Users whose role allows it will be able to delete archived emails for good. Emails on legal hold stay protected.</p>
      </ConfirmDialog>
    </div>
  );
}
