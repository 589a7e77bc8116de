"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams, useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { formatBytes, formatDate, formatDateTime } from "@/lib/format";
import { errorMessage, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { BodyFrame } from "./body-frame";
import { RestoreForm } from "../restore-form";
import { SubmitButton } from "@/components/submit-button";

type RetentionStatus = RouterOutputs["lifecycle"]["emailStatus"];

/** "Protected by legal hold X" / "Deleted on D by label L": what the lifecycle will do and why. */
function retentionExplanation(status: Pick<RetentionStatus, "decidingRule" | "eligibleAt">): string {
  const rule = status.decidingRule;
  if (rule?.type === "legalHold") return `Protected by legal hold "${rule.name}".`;
  if (!status.eligibleAt || !rule || rule.type === "none") return "Kept forever: no label or retention policy applies.";
  const by = `${rule.type === "label" ? "label" : "policy"} "${rule.name}" (${rule.retentionPeriodDays} days)`;
  return new Date(status.eligibleAt).getTime() <= Date.now()
    ? `Due for deletion at the next lifecycle cycle (since ${formatDate(status.eligibleAt)}) by ${by}.`
    : `Deleted on ${formatDate(status.eligibleAt)} by ${by}.`;
}

export default function EmailPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const can = useCapabilities();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [showImages, setShowImages] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const email = useQuery(trpc.archivedEmails.get.queryOptions({ id }));
  const body = useQuery(trpc.archivedEmails.body.queryOptions({ id, showRemoteImages: showImages }));
  const holds = useQuery({ ...trpc.legalHolds.emailHolds.queryOptions({ emailId: id }), enabled: can.legalHolds });
  const allHolds = useQuery({ ...trpc.legalHolds.list.queryOptions(), enabled: can.legalHolds && can.manageAll });
  const label = useQuery({ ...trpc.retentionLabels.emailLabel.queryOptions({ emailId: id }), enabled: can.retention });
  const labels = useQuery({ ...trpc.retentionLabels.list.queryOptions(), enabled: can.retention && can.manageAll });
  const status = useQuery({ ...trpc.lifecycle.emailStatus.queryOptions({ emailId: id }), enabled: can.retention });
  const refresh = () => queryClient.invalidateQueries();
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const applyHold = useMutation(trpc.legalHolds.applyToEmail.mutationOptions({ onSuccess: refresh, onError }));
  const removeHold = useMutation(trpc.legalHolds.removeFromEmail.mutationOptions({ onSuccess: refresh, onError }));
  const applyLabel = useMutation(trpc.retentionLabels.applyToEmail.mutationOptions({ onSuccess: refresh, onError }));
  const removeLabel = useMutation(trpc.retentionLabels.removeFromEmail.mutationOptions({ onSuccess: refresh, onError }));
  const remove = useMutation(
    trpc.archivedEmails.delete.mutationOptions({
      onSuccess: () => {
        toast("Email deleted", "success");
        router.push("/emails");
      },
      onError,
    }),
  );

  if (email.error) return <ErrorNotice error={email.error} />;
  if (!email.data) return <Skeleton lines={8} />;
  const data = email.data;
  const rule = status.data?.decidingRule;
  return (
    <article className="space-y-4">
      <header className="card space-y-1">
        <h1 className="page-title">{data.subject || "(no subject)"}</h1>
        {data.isOnLegalHold && <span className="badge bg-amber-100 text-amber-900">On legal hold</span>}
        <dl className="grid grid-cols-[8rem_1fr] gap-x-2 text-sm">
          <dt className="text-slate-600">From</dt>
          <dd>{data.senderName ? `${data.senderName} <${data.senderEmail}>` : data.senderEmail}</dd>
          <dt className="text-slate-600">To</dt>
          <dd>{data.recipients.map((recipient) => recipient.name ? `${recipient.name} <${recipient.email}>` : recipient.email).join(", ")}</dd>
          {data.envelope && (
            <>
              <dt className="text-slate-600">Envelope from</dt>
              <dd data-testid="envelope-from">{data.envelope.from || "<>"}</dd>
              <dt className="text-slate-600">Envelope to</dt>
              <dd data-testid="envelope-recipients">{data.envelope.recipients.join(", ")}</dd>
              {data.envelope.bcc.length > 0 && (
                <>
                  <dt className="text-slate-600">Bcc</dt>
                  <dd data-testid="envelope-bcc">{data.envelope.bcc.join(", ")}</dd>
                </>
              )}
            </>
          )}
          <dt className="text-slate-600">Sent</dt>
          <dd>{formatDateTime(data.sentAt)}{data.sentAtFallback === "no-headers" ? " (no header block; archive time used)" : data.sentAtFallback ? ` (Date header ${data.sentAtFallback}; archive time used)` : ""}</dd>
          <dt className="text-slate-600">Mailbox</dt>
          <dd>{data.userEmail} {data.path ? `· ${data.path}` : ""}</dd>
          <dt className="text-slate-600">SHA-256</dt>
          <dd className="break-all font-mono text-xs">{data.storageHashSha256}</dd>
        </dl>
        <div className="flex flex-wrap gap-2 pt-2">
          <a className="btn btn-sm" href={`/api/ui/emails/${data.id}/raw`}>Download .eml</a>
          {can.deleteArchive && (
            <button className="btn btn-sm btn-danger" onClick={() => setConfirmDelete(true)}>Delete</button>
          )}
        </div>
        {can.restoreArchive && <RestoreForm emailId={data.id} />}
      </header>

      {status.data && (
        <section className="card text-sm" aria-label="Retention">
          <h2 className="font-medium">Retention</h2>
          <p data-testid="retention-explanation">{retentionExplanation(status.data)}</p>
          {rule?.type === "legalHold" && status.data.withoutHolds.eligibleAt ? (
            <p className="text-slate-600">Without its holds: {retentionExplanation(status.data.withoutHolds)}</p>
          ) : null}
        </section>
      )}

      <section className="card" aria-label="Message body">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="font-medium">Message</h2>
          {body.data && body.data.blockedImages > 0 && !showImages && (
            <button className="btn btn-sm" onClick={() => setShowImages(true)}>
              Show {body.data.blockedImages} remote image{body.data.blockedImages === 1 ? "" : "s"}
            </button>
          )}
        </div>
        {body.error && <ErrorNotice error={body.error} />}
        {body.data && (body.data.html !== null ? <BodyFrame html={body.data.html} /> : <pre className="whitespace-pre-wrap text-sm">{body.data.text}</pre>)}
      </section>

      {data.attachments.length > 0 && (
        <section className="card text-sm" aria-label="Attachments">
          <h2 className="mb-1 font-medium">Attachments</h2>
          <ul>
            {data.attachments.map((attachment) => (
              <li key={attachment.id}>
                <a className="link" href={`/api/ui/emails/${data.id}/attachments/${attachment.id}`}>{attachment.filename}</a> · {attachment.mimeType} · {formatBytes(attachment.sizeBytes)}
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.thread.length > 0 && (
        <section className="card text-sm" aria-label="Thread">
          <h2 className="mb-1 font-medium">Conversation</h2>
          <ul>
            {data.thread.map((item) => (
              <li key={item.id}>
                <a className="link" href={`/emails/${item.id}`}>{item.subject || "(no subject)"}</a> · {item.senderEmail} · {formatDateTime(item.sentAt)}
              </li>
            ))}
          </ul>
        </section>
      )}

      {can.legalHolds && (
        <section className="card text-sm" aria-label="Legal holds">
          <h2 className="mb-1 font-medium">Legal holds</h2>
          {holds.data?.length === 0 ? <p>Not linked to any hold.</p> : null}
          <ul>
            {holds.data?.map((hold) => (
              <li key={hold.legalHoldId} className="flex items-center gap-2">
                {hold.holdName} {hold.isActive ? "" : "(inactive)"}
                {can.manageAll && (
                  <button className="btn btn-sm" aria-label={`Remove hold ${hold.holdName}`} onClick={() => removeHold.mutate({ emailId: id, holdId: hold.legalHoldId })}>
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
          {can.manageAll && (
            <form
              className="mt-2 flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                const holdId = String(new FormData(event.currentTarget).get("holdId") ?? "");
                if (holdId) applyHold.mutate({ emailId: id, holdId });
              }}
            >
              <select name="holdId" className="input max-w-xs" aria-label="Hold to apply">
                {allHolds.data?.filter((hold) => hold.isActive).map((hold) => <option key={hold.id} value={hold.id}>{hold.name}</option>)}
              </select>
              <SubmitButton className="btn btn-sm" disabled={!allHolds.data?.some((hold) => hold.isActive)}>Apply hold</SubmitButton>
            </form>
          )}
        </section>
      )}

      {can.retention && (
        <section className="card text-sm" aria-label="Retention label">
          <h2 className="mb-1 font-medium">Retention label</h2>
          <p data-testid="email-label">
            {label.data ? `${label.data.labelName} (${label.data.retentionPeriodDays} days)${status.data?.label?.isDisabled ? ", disabled: it stays on this email but cannot be applied again" : ""}` : "No label"}
          </p>
          {can.deleteArchive && (
            <form
              className="mt-2 flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                const labelId = String(new FormData(event.currentTarget).get("labelId") ?? "");
                if (labelId) applyLabel.mutate({ emailId: id, labelId });
              }}
            >
              <select name="labelId" className="input max-w-xs" aria-label="Label to apply">
                {labels.data?.filter((item) => !item.isDisabled).map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
              </select>
              <SubmitButton className="btn btn-sm" disabled={!labels.data?.some((item) => !item.isDisabled)}>Apply label</SubmitButton>
              {label.data && <button type="button" className="btn btn-sm" onClick={() => removeLabel.mutate({ emailId: id })}>Remove label</button>}
            </form>
          )}
        </section>
      )}

      <ConfirmDialog
        open={confirmDelete}
        title="Delete this email permanently?"
        confirmLabel="Delete"
        danger
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          remove.mutate({ id });
        }}
      >
        The email, its attachments and its stored bytes are removed. Emails on an active legal hold cannot be deleted.
      </ConfirmDialog>
    </article>
  );
}
