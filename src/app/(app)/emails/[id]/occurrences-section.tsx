"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorNotice } from "@/components/error-notice";
import { formatDateTime } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import { folderListHref } from "../../folders/folder-link";

/** Where the message was seen: each source, mailbox and folder, first seen when (docs/archive.md, "Occurrences"). */
export function OccurrencesSection({ emailId }: { emailId: string }) {
  const trpc = useTRPC();
  const occurrences = useQuery(trpc.archivedEmails.occurrences.queryOptions({ id: emailId }));
  if (occurrences.error) return <ErrorNotice error={occurrences.error} />;
  if (!occurrences.data) return null;
  return (
    <section className="card text-sm" aria-label="Occurrences">
      <h2 className="mb-1 font-medium">Seen in ({occurrences.data.items.length})</h2>
      <table className="w-full text-left">
        <thead className="text-slate-600">
          <tr>
            <th className="font-normal">Mailbox</th>
            <th className="font-normal">Folder</th>
            <th className="font-normal">Source</th>
            <th className="font-normal">First seen</th>
          </tr>
        </thead>
        <tbody>
          {occurrences.data.items.map((item) => (
            <tr key={`${item.emailId}:${item.ingestionSourceId}:${item.mailbox}:${item.folder}`} data-testid="occurrence">
              <td>
                {item.mailbox}
                {item.emailId !== emailId && (
                  <>
                    {" "}
                    <Link className="link" href={`/emails/${item.emailId}`}>
                      (its copy)
                    </Link>
                  </>
                )}
              </td>
              <td>
                <Link className="link" href={folderListHref(item)}>
                  {item.folder || "(no folder)"}
                </Link>
              </td>
              <td>{item.sourceName}</td>
              <td>
                {formatDateTime(item.firstSeenAt)}
                {item.envelopeRecipients.length > 0 && ` · envelope to ${item.envelopeRecipients.join(", ")}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
