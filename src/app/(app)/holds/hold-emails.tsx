"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { asyncHandler } from "@/lib/async-handler";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

const PAGE_SIZE = 25;

/** The emails one hold links, most recently linked first, a page at a time. */
export function HoldEmails({ hold, onClose }: { hold: { id: string; name: string }; onClose: () => void }) {
  const trpc = useTRPC();
  const emails = useInfiniteQuery(
    trpc.legalHolds.emails.infiniteQueryOptions(
      { id: hold.id, limit: PAGE_SIZE },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const items = emails.data?.pages.flatMap((page) => page.items) ?? [];
  const total = emails.data?.pages[0]?.total ?? 0;
  return (
    <section className="card space-y-3" aria-label={`Emails held by ${hold.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-medium">
          Emails held by {hold.name}{" "}
          {emails.data ? <span className="text-sm font-normal text-slate-600">({formatNumber(total)})</span> : null}
        </h2>
        <button type="button" className="btn btn-sm" onClick={onClose}>
          Close
        </button>
      </div>
      <ErrorNotice error={emails.error} />
      {emails.isLoading ? <Skeleton lines={3} /> : null}
      {emails.data && items.length === 0 ? <EmptyState title="No email is linked to this hold" /> : null}
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {items.map((email) => (
            <li key={email.id} className="py-2">
              <Link href={`/emails/${email.id}`} className="link font-medium">
                {email.subject || "(no subject)"}
              </Link>
              <p className="text-xs text-slate-600">
                {email.senderEmail} → {email.userEmail} · sent {formatDateTime(email.sentAt)} · linked {formatDateTime(email.appliedAt)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {emails.hasNextPage ? (
        <button
          type="button"
          className="btn btn-sm"
          disabled={emails.isFetchingNextPage}
          onClick={asyncHandler(() => emails.fetchNextPage())}
        >
          {emails.isFetchingNextPage ? "Loading…" : `Show more (${formatNumber(items.length)} of ${formatNumber(total)} shown)`}
        </button>
      ) : null}
    </section>
  );
}
