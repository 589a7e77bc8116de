"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorNotice } from "@/components/error-notice";
import { formatDateTime } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

/** How a reviewer reads each class (docs/ediscovery.md, "Classes"). */
const CLASS_LABELS: Record<string, string> = {
  inclusive: "inclusive: read it",
  inclusive_minus: "inclusive minus: read it, and open its ancestors for the attachments it lacks",
  inclusive_copy: "inclusive copy: the same as an email to read",
  none: "none: wholly contained in a later email",
};

interface Analysis {
  conversation: { id: string; size: number; class: string } | null;
  nearDuplicates: { groupId: string; size: number; similarity: number; pivot: boolean } | null;
  languages: { code: string; share: number }[];
}

/**
 * Review analytics of the email (docs/ediscovery.md, "Review analytics"): its class, its conversation
 * as a reply tree (what the reader may read of it), its near-duplicate group and its languages.
 */
export function ConversationSection({ emailId, analysis }: { emailId: string; analysis: Analysis }) {
  const trpc = useTRPC();
  const analysed = analysis.conversation !== null;
  const thread = useQuery({ ...trpc.archivedEmails.thread.queryOptions({ id: emailId }), enabled: analysed });
  if (!analysed) {
    return (
      <section className="card text-sm" aria-label="Conversation">
        <h2 className="mb-1 font-medium">Conversation</h2>
        <p className="text-slate-600">Not analysed yet: the worker classifies new mail within seconds of its arrival.</p>
      </section>
    );
  }
  const depthOf = new Map<string, number>();
  for (const email of thread.data?.emails ?? []) depthOf.set(email.id, email.parentId ? (depthOf.get(email.parentId) ?? 0) + 1 : 0);
  return (
    <section className="card text-sm" aria-label="Conversation">
      <h2 className="mb-1 font-medium">
        Conversation ({analysis.conversation!.size}) · <span data-testid="thread-class">{CLASS_LABELS[analysis.conversation!.class]}</span>
      </h2>
      {thread.error && <ErrorNotice error={thread.error} />}
      <ul>
        {(thread.data?.emails ?? []).map((email) => (
          <li key={email.id} style={{ paddingLeft: `${Math.min(depthOf.get(email.id) ?? 0, 12) * 1.25}rem` }} data-testid="thread-email">
            {email.id === emailId ? (
              <strong>{email.subject || "(no subject)"}</strong>
            ) : (
              <Link className="link" href={`/emails/${email.id}`}>
                {email.subject || "(no subject)"}
              </Link>
            )}{" "}
            <span className="text-slate-600">
              {email.from} · {formatDateTime(email.sentAt)} · {email.class.replace("_", " ")}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-slate-600">
        {analysis.nearDuplicates
          ? `Near-duplicates: ${analysis.nearDuplicates.size} emails, ${Math.round(analysis.nearDuplicates.similarity * 100)} % similar to the group's ${analysis.nearDuplicates.pivot ? "pivot (this email)" : "pivot"}.`
          : "No near-duplicate."}{" "}
        Languages: {analysis.languages.map((language) => `${language.code} ${Math.round(language.share * 100)} %`).join(", ") || "—"}
      </p>
    </section>
  );
}
