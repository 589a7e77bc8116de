"use client";

import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { formatDateTime, formatNumber } from "@/lib/format";
import { errorMessage, useTRPC, type RouterOutputs } from "@/lib/trpc";
import type { CaseDetail } from "./case-overview";
import { ReviewTable, TagSelect } from "./review-table";
import { SearchBuilder } from "./search-builder";

type SavedSearch = CaseDetail["searches"][number];
type Run = RouterOutputs["ediscovery"]["runSearchWithElsewhere"];

/** The case's saved searches: built and explained, saved, run (exact count and first results), tagged. */
export function CaseSearches({ matter }: { matter: CaseDetail }) {
  const trpc = useTRPC();
  const toast = useToast();
  const can = useCapabilities();
  const invalidate = useInvalidate();
  const closed = matter.status === "closed";
  const tags = useQuery(trpc.ediscovery.tags.queryOptions({ id: matter.id }));
  const [run, setRun] = useState<{ search: SavedSearch; result: Run } | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const runSearch = useMutation(
    trpc.ediscovery.runSearchWithElsewhere.mutationOptions({
      onSuccess: (result, input) => {
        const search = matter.searches.find((candidate) => candidate.id === input.searchId);
        if (search) setRun({ search, result });
        return invalidate({ queryKey: trpc.ediscovery.get.queryKey({ id: matter.id }) });
      },
      onError,
    }),
  );
  const remove = useMutation(
    trpc.ediscovery.deleteSearch.mutationOptions({
      onSuccess: (_result, input) => {
        if (run?.search.id === input.searchId) setRun(null);
        toast("Search deleted");
        return invalidate(trpc.ediscovery.pathFilter());
      },
      onError,
    }),
  );
  const tagAll = useMutation(
    trpc.ediscovery.applyTag.mutationOptions({
      onSuccess: (result) => (
        toast(`${formatNumber(result.emailsMatched)} results tagged, ${formatNumber(result.emailsTagged)} of them newly`),
        invalidate(trpc.ediscovery.pathFilter())
      ),
      onError,
    }),
  );
  const [bulkTagId, setBulkTagId] = useState("");
  const bulkTag = tags.data?.find((tag) => tag.id === bulkTagId) ?? tags.data?.[0];
  const sampleIds = run?.result.sample.map((email) => email.id) ?? [];
  const sampleTags = useQuery(
    trpc.ediscovery.taggedEmails.queryOptions(
      sampleIds.length ? { id: matter.id, emailIds: sampleIds, limit: sampleIds.length } : skipToken,
    ),
  );
  const tagIdsOf = (emailId: string) => sampleTags.data?.items.find((item) => item.id === emailId)?.caseTagIds ?? [];

  return (
    <div className="space-y-6">
      {can.manageEdiscovery ? <SearchBuilder caseId={matter.id} disabled={closed} /> : null}
      <section className="space-y-2">
        <h2 className="font-medium">Saved searches</h2>
        {matter.custodians.length ? (
          <p className="text-xs text-slate-600">
            Searches run within the custodians&apos; mail (their mailboxes, and mail they sent or received wherever it was archived) unless
            saved to search every mailbox.
          </p>
        ) : null}
        <DataTable
          rows={matter.searches}
          rowKey={(search) => search.id}
          caption="Saved searches"
          emptyTitle="No saved search yet"
          columns={[
            { key: "name", header: "Name", sortValue: (search) => search.name, render: (search) => search.name },
            { key: "query", header: "Query", render: (search) => <code>{queryText(search.searchQuery) || "(every email)"}</code> },
            {
              key: "scope",
              header: "Mailboxes",
              render: (search) => (search.ignoreCustodians || matter.custodians.length === 0 ? "All" : "Custodians"),
            },
            {
              key: "lastCount",
              header: "Last count",
              className: "text-right",
              render: (search) => (search.lastCount === null ? "never run" : formatNumber(search.lastCount)),
            },
            { key: "lastRunAt", header: "Last run", render: (search) => formatDateTime(search.lastRunAt) },
            {
              key: "actions",
              header: "Actions",
              render: (search) => (
                <span className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={runSearch.isPending}
                    onClick={() => runSearch.mutate({ id: matter.id, searchId: search.id })}
                  >
                    Run {search.name}
                  </button>
                  {can.manageEdiscovery ? (
                    <button type="button" className="btn btn-sm btn-danger" disabled={closed} onClick={() => setDeleting(search)}>
                      Delete {search.name}
                    </button>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      </section>
      <ErrorNotice error={tags.error} />
      {run ? (
        <section className="space-y-2" aria-label="Search results">
          <h2 className="font-medium">
            Results of {run.search.name}: <span data-testid="run-total">{formatNumber(run.result.total)}</span> emails
          </h2>
          {run.result.elsewhere ? (
            <p className="text-sm text-amber-800" data-testid="run-elsewhere">
              {formatNumber(run.result.total)} in the custodians&apos; mail; {formatNumber(run.result.elsewhere)} elsewhere in the archive
              you can read. Save the search with &quot;Search every mailbox&quot; to include them.
            </p>
          ) : null}
          {run.result.total > run.result.sample.length ? (
            <p className="text-xs text-slate-600">
              The first {run.result.sample.length} are shown; tagging all results covers every match.
            </p>
          ) : null}
          {can.manageEdiscovery && tags.data?.length ? (
            <div className="flex flex-wrap items-end gap-2 text-sm">
              <TagSelect label="Tag for all results" tags={tags.data} value={bulkTag?.id} onChange={setBulkTagId} />
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={closed || !bulkTag || tagAll.isPending}
                onClick={() => bulkTag && tagAll.mutate({ id: matter.id, tagId: bulkTag.id, body: { searchId: run.search.id } })}
              >
                Tag all {formatNumber(run.result.total)} results
              </button>
            </div>
          ) : null}
          <ReviewTable
            caseId={matter.id}
            caption="Search results"
            rows={run.result.sample}
            tags={tags.data ?? []}
            tagIdsOf={tagIdsOf}
            disabled={closed || !can.manageEdiscovery}
          />
        </section>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete search ${deleting?.name ?? ""}?`}
        confirmLabel="Delete search"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: matter.id, searchId: deleting.id });
          setDeleting(null);
        }}
      >
        <p>Tags already applied from it stay; exports made from it keep the query they used.</p>
      </ConfirmDialog>
    </div>
  );
}

/** A saved search's query text (the API sends its searchQuery as a free-form object). */
function queryText(searchQuery: SavedSearch["searchQuery"]): string {
  return typeof searchQuery.query === "string" ? searchQuery.query : "";
}
