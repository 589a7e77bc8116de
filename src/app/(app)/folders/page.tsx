"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { useTRPC, type RouterOutputs } from "@/lib/trpc";
import { folderListHref } from "./folder-link";

type FolderCount = RouterOutputs["archivedEmails"]["folders"]["items"][number];

interface MailboxNode {
  mailbox: string;
  count: number;
  folders: FolderCount[];
}

interface SourceNode {
  id: string;
  name: string;
  mailboxes: MailboxNode[];
}

/** The flat (source, mailbox, folder) counts as a tree, in the server's order (source name, mailbox, folder). */
function treeOf(items: FolderCount[]): SourceNode[] {
  const sources = new Map<string, SourceNode>();
  for (const item of items) {
    const source = sources.get(item.ingestionSourceId) ?? { id: item.ingestionSourceId, name: item.sourceName, mailboxes: [] };
    sources.set(item.ingestionSourceId, source);
    let mailbox = source.mailboxes.at(-1);
    if (mailbox?.mailbox !== item.mailbox) source.mailboxes.push((mailbox = { mailbox: item.mailbox, count: 0, folders: [] }));
    mailbox.folders.push(item);
    mailbox.count += item.count;
  }
  return [...sources.values()];
}

/**
 * Mailbox and folder browsing: each source's mailboxes and their folders with the number of emails
 * the caller may read in each; a folder opens the emails list of that folder (docs/user-guide.md).
 */
export default function FoldersPage() {
  const trpc = useTRPC();
  const folders = useQuery(trpc.archivedEmails.folders.queryOptions({ ingestionSourceId: undefined, mailbox: undefined }));
  return (
    <div className="space-y-4">
      <h1 className="page-title">Mailboxes and folders</h1>
      {folders.error && <ErrorNotice error={folders.error} />}
      {folders.isLoading && <Skeleton lines={6} />}
      {folders.data && folders.data.items.length === 0 && (
        <EmptyState title="No archived mail yet">Mailboxes appear here once a source has archived mail you may read.</EmptyState>
      )}
      {folders.data &&
        treeOf(folders.data.items).map((source) => (
          <section key={source.id} className="card text-sm" aria-label={`Source ${source.name}`}>
            <h2 className="mb-2 font-medium">{source.name}</h2>
            <ul className="space-y-2">
              {source.mailboxes.map((mailbox) => (
                <li key={mailbox.mailbox}>
                  <details open={source.mailboxes.length <= 5}>
                    <summary className="cursor-pointer" data-testid="mailbox">
                      {mailbox.mailbox} <span className="text-slate-600">· {mailbox.count.toLocaleString("en")} in its folders</span>
                    </summary>
                    <ul className="ml-6 mt-1">
                      {mailbox.folders.map((folder) => (
                        <li key={folder.folder} data-testid="folder">
                          <Link className="link" href={folderListHref(folder)}>
                            {folder.folder || "(no folder)"}
                          </Link>{" "}
                          <span className="text-slate-600">{folder.count.toLocaleString("en")}</span>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
