"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams, useRouter } from "next/navigation";
import { Fragment, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { formatBytes, formatDateTime } from "@/lib/format";
import { recipientRows, recipientText } from "@/lib/recipient-rows";
import { errorMessage, useTRPC } from "@/lib/trpc";
import { BodyFrame } from "./body-frame";
import { RestoreForm } from "../restore-form";
import { LegalHoldsSection } from "./legal-holds-section";
import { OccurrencesSection } from "./occurrences-section";
import { ConversationSection } from "./conversation-section";
import { RetentionLabelSection } from "./retention-label-section";
import { RetentionStatusSection } from "./retention-status-section";
import { sentAtNote } from "@/lib/sent-at-note";

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
  const status = useQuery({ ...trpc.lifecycle.emailStatus.queryOptions({ emailId: id }), enabled: can.retention });
  const remove = useMutation(
    trpc.archivedEmails.delete.mutationOptions({
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: trpc.archivedEmails.get.queryKey({ id }) });
        toast("Email deleted", "success");
        router.push("/emails");
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );

  if (email.error) return <ErrorNotice error={email.error} />;
  if (!email.data) return <Skeleton lines={8} />;
  const data = email.data;
  const recipients = recipientRows(data.recipients, data.cc, data.bcc);
  return (
    <article className="space-y-4">
      <header className="card space-y-1">
        <h1 className="page-title">{data.subject || "(no subject)"}</h1>
        {data.isOnLegalHold && <span className="badge bg-amber-100 text-amber-900">On legal hold</span>}
        <dl className="grid grid-cols-[8rem_1fr] gap-x-2 text-sm">
          <dt className="text-slate-600">From</dt>
          <dd>{data.senderName ? `${data.senderName} <${data.senderEmail}>` : data.senderEmail}</dd>
          {(["to", "cc", "bcc"] as const).map((kind) =>
            kind === "to" || recipients[kind].length > 0 ? (
              <Fragment key={kind}>
                <dt className="text-slate-600">{{ to: "To", cc: "Cc", bcc: "Bcc" }[kind]}</dt>
                <dd data-testid={`recipients-${kind}`}>{recipients[kind].map(recipientText).join(", ") || "—"}</dd>
              </Fragment>
            ) : null,
          )}
          {data.envelope && (
            <>
              <dt className="text-slate-600">Envelope from</dt>
              <dd data-testid="envelope-from">{data.envelope.from || "<>"}</dd>
              <dt className="text-slate-600">Envelope to</dt>
              <dd data-testid="envelope-recipients">{data.envelope.recipients.join(", ")}</dd>
              {data.envelope.bcc.length > 0 && (
                <>
                  <dt className="text-slate-600">Bcc (envelope only)</dt>
                  <dd data-testid="envelope-bcc">{data.envelope.bcc.join(", ")}</dd>
                </>
              )}
            </>
          )}
          <dt className="text-slate-600">Sent</dt>
          <dd>
            {formatDateTime(data.sentAt)}
            {data.sentAtFallback && ` (${sentAtNote(data.sentAtFallback)})`}
          </dd>
          <dt className="text-slate-600">Mailbox</dt>
          <dd>
            {data.userEmail} {data.path ? `· ${data.path}` : ""}
          </dd>
          <dt className="text-slate-600">SHA-256</dt>
          <dd className="break-all font-mono text-xs">{data.storageHashSha256}</dd>
        </dl>
        <div className="flex flex-wrap gap-2 pt-2">
          <a className="btn btn-sm" href={`/api/ui/emails/${data.id}/raw`}>
            Download .eml
          </a>
          {/* Only where it can work: the role may delete and the Settings switch allows it. */}
          {can.deleteArchive && can.deletionEnabled && (
            <button className="btn btn-sm btn-danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          )}
        </div>
        {can.restoreArchive && <RestoreForm emailId={data.id} />}
      </header>

      {status.data && <RetentionStatusSection status={status.data} />}

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
        {body.data &&
          (body.data.html !== null ? (
            <BodyFrame html={body.data.html} />
          ) : body.data.text.trim() === "" ? (
            // An empty card read as a lost body; a forward sent as message/rfc822 carries all of it as its attachment.
            <p className="text-sm text-slate-600" data-testid="empty-body">
              No text of its own{data.attachments.length > 0 ? ": what it carries is in its attachments below" : ""}.
            </p>
          ) : (
            <pre className="whitespace-pre-wrap text-sm">{body.data.text}</pre>
          ))}
      </section>

      {data.attachments.length > 0 && (
        <section className="card text-sm" aria-label="Attachments">
          <h2 className="mb-1 font-medium">Attachments</h2>
          <ul>
            {data.attachments.map((attachment) => (
              <li key={attachment.id}>
                <a className="link" href={`/api/ui/emails/${data.id}/attachments/${attachment.id}`}>
                  {attachment.filename}
                </a>{" "}
                · {attachment.mimeType} · {formatBytes(attachment.sizeBytes)}
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* Until the worker has analysed the email, the conversation by its References root. */}
      {data.conversation === null && data.thread.length > 0 && (
        <section className="card text-sm" aria-label="Thread">
          <h2 className="mb-1 font-medium">Conversation</h2>
          <ul>
            {data.thread.map((item) => (
              <li key={item.id}>
                <a className="link" href={`/emails/${item.id}`}>
                  {item.subject || "(no subject)"}
                </a>{" "}
                · {item.senderEmail} · {formatDateTime(item.sentAt)}
              </li>
            ))}
          </ul>
        </section>
      )}

      <ConversationSection emailId={id} analysis={data} />
      <OccurrencesSection emailId={id} />

      {can.legalHolds && <LegalHoldsSection emailId={id} />}

      {can.retention && <RetentionLabelSection emailId={id} labelDisabled={Boolean(status.data?.label?.isDisabled)} />}

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
