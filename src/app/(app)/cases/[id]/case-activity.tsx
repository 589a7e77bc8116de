"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { DataTable } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { asyncHandler } from "@/lib/async-handler";
import { formatDateTime } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import type { CaseDetail } from "./case-overview";

const PAGE = 50;
const SUMMARY_LENGTH = 120;

/** The entry's details in one line, without the case id every entry of the case repeats. */
function detailsSummary(details: unknown): string {
  const { caseId: _caseId, ...rest } = (details ?? {}) as Record<string, unknown>;
  const text = Object.entries(rest)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}…` : text;
}

/** The case's audit entries, newest first: who did what to the case, its searches, tags, exports and holds. */
export function CaseActivity({ matter }: { matter: CaseDetail }) {
  const trpc = useTRPC();
  const activity = useInfiniteQuery(
    trpc.ediscovery.caseActivity.infiniteQueryOptions({ id: matter.id, limit: PAGE }, { getNextPageParam: (page) => page.next }),
  );
  if (activity.error) return <ErrorNotice error={activity.error} />;
  return (
    <section className="space-y-2">
      <DataTable
        rows={activity.data?.pages.flatMap((page) => page.items)}
        loading={activity.isPending}
        rowKey={(entry) => String(entry.id)}
        rowTestId={() => "case-activity-row"}
        caption="Activity of this case"
        emptyTitle="No activity yet"
        pageSize={PAGE}
        columns={[
          { key: "time", header: "Time", className: "whitespace-nowrap", render: (entry) => formatDateTime(entry.timestamp) },
          { key: "actor", header: "Actor", render: (entry) => entry.actorIdentifier },
          { key: "action", header: "Action", render: (entry) => entry.actionType },
          { key: "target", header: "Target", className: "break-all", render: (entry) => `${entry.targetType} ${entry.targetId}` },
          { key: "details", header: "Details", className: "break-all text-xs", render: (entry) => detailsSummary(entry.details) },
        ]}
      />
      {activity.hasNextPage ? (
        <button
          type="button"
          className="btn btn-sm"
          disabled={activity.isFetchingNextPage}
          onClick={asyncHandler(() => activity.fetchNextPage())}
        >
          Load more
        </button>
      ) : null}
    </section>
  );
}
