"use client";

import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { asyncHandler } from "@/lib/async-handler";
import { useInvalidate } from "@/lib/use-invalidate";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorNotice } from "@/components/error-notice";
import { FormError } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { formatNumber } from "@/lib/format";
import { errorMessage, fieldErrorsOf, useTRPC } from "@/lib/trpc";
import type { CaseDetail } from "./case-overview";
import { ReviewTable, type Tag } from "./review-table";

const PAGE = 100;

/**
 * The loaded emails with each conversation's emails together, in the order its first one came
 * (docs/ediscovery.md, "Classes"): a reviewer reads a conversation at once.
 */
function groupedByConversation<T extends { id: string; conversation: { id: string } | null }>(rows: T[] | undefined): T[] | undefined {
  if (!rows) return rows;
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = row.conversation?.id ?? row.id;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].flat();
}

/**
 * Review tags of the case (create, delete, counts) and the tagged emails, filtered by tag, grouped by
 * conversation, optionally inclusive emails only, retagged in bulk.
 */
export function CaseReview({ matter }: { matter: CaseDetail }) {
  const trpc = useTRPC();
  const toast = useToast();
  const can = useCapabilities();
  const invalidate = useInvalidate();
  const closed = matter.status === "closed";
  const tags = useQuery(trpc.ediscovery.tags.queryOptions({ id: matter.id }));
  const [filter, setFilter] = useState("");
  const [inclusiveOnly, setInclusiveOnly] = useState(false);
  const analytics = useQuery(trpc.ediscovery.caseAnalytics.queryOptions({ id: matter.id }));
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const tagged = useInfiniteQuery(
    trpc.ediscovery.taggedEmails.infiniteQueryOptions(
      { id: matter.id, tagId: filter || undefined, limit: PAGE, inclusiveOnly: inclusiveOnly || undefined },
      { getNextPageParam: (page) => page.next },
    ),
  );
  const create = useMutation(
    trpc.ediscovery.createTag.mutationOptions({
      onSuccess: (tag) => (toast(`Tag "${tag.name}" created`), invalidate(trpc.ediscovery.pathFilter())),
    }),
  );
  const remove = useMutation(
    trpc.ediscovery.deleteTag.mutationOptions({
      onSuccess: (_result, input) => {
        if (filter === input.tagId) setFilter("");
        toast("Tag deleted");
        return invalidate(trpc.ediscovery.pathFilter());
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const rows = groupedByConversation(tagged.data?.pages.flatMap((page) => page.items));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    create.mutate({ id: matter.id, name }, { onSuccess: () => form.reset() });
  }

  return (
    <div className="space-y-6">
      <section className="space-y-2">
        <h2 className="font-medium">Review tags</h2>
        <ErrorNotice error={tags.error} />
        {tags.data?.length === 0 ? (
          <p className="text-sm text-slate-600">No tag yet: for example Responsive, Privileged, Not responsive.</p>
        ) : null}
        <ul className="flex flex-wrap gap-2" aria-label="Review tags">
          {tags.data?.map((tag) => (
            <li
              key={tag.id}
              className="flex items-center gap-1 rounded border border-slate-200 bg-white px-2 py-1 text-sm"
              data-testid={`tag-${tag.name}`}
            >
              {tag.name} · {formatNumber(tag.emailCount)}
              {can.manageEdiscovery ? (
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={closed}
                  aria-label={`Delete tag ${tag.name}`}
                  onClick={() => setDeleting(tag)}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {can.manageEdiscovery ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="New review tag" noValidate>
            <label className="text-sm">
              Tag name
              <input name="name" className="input" maxLength={255} aria-invalid={errors.name ? true : undefined} />
            </label>
            <SubmitButton className="btn btn-sm" disabled={closed || create.isPending}>
              Create tag
            </SubmitButton>
            {create.error ? <FormError message={errors.name ?? errorMessage(create.error)} /> : null}
          </form>
        ) : null}
      </section>
      <section className="space-y-2">
        <h2 className="font-medium">Tagged emails</h2>
        <label className="block max-w-xs text-sm">
          Show
          <select className="input" value={filter} onChange={(event) => setFilter(event.target.value)}>
            <option value="">Every tagged email</option>
            {tags.data?.map((tag) => (
              <option key={tag.id} value={tag.id}>
                Tagged {tag.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={inclusiveOnly} onChange={(event) => setInclusiveOnly(event.target.checked)} />
          Inclusive emails only (what a reviewer must read)
        </label>
        {analytics.data && analytics.data.emails > 0 ? (
          <p className="text-sm text-slate-600" data-testid="case-analytics">
            {formatNumber(analytics.data.emails)} emails in {formatNumber(analytics.data.conversations)} conversations:{" "}
            {formatNumber(analytics.data.inclusive + analytics.data.inclusiveMinus)} to read ({formatNumber(analytics.data.inclusiveMinus)}{" "}
            inclusive minus), {formatNumber(analytics.data.inclusiveCopy)} copies, {formatNumber(analytics.data.none)} contained in a later
            email; review reduction {Math.round(analytics.data.reviewReduction * 100)} %; {formatNumber(analytics.data.nearDuplicateGroups)}{" "}
            near-duplicate groups{analytics.data.notAnalysed > 0 ? `; ${formatNumber(analytics.data.notAnalysed)} not analysed yet` : ""}.
          </p>
        ) : null}
        <ErrorNotice error={tagged.error} />
        <ReviewTable
          caseId={matter.id}
          caption="Tagged emails"
          rows={rows}
          tags={tags.data ?? []}
          tagIdsOf={(emailId) => rows?.find((row) => row.id === emailId)?.caseTagIds ?? []}
          disabled={closed || !can.manageEdiscovery}
        />
        {tagged.hasNextPage ? (
          <button
            type="button"
            className="btn btn-sm"
            disabled={tagged.isFetchingNextPage}
            onClick={asyncHandler(() => tagged.fetchNextPage())}
          >
            Load more
          </button>
        ) : null}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete tag ${deleting?.name ?? ""}?`}
        confirmLabel="Delete tag"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: matter.id, tagId: deleting.id });
          setDeleting(null);
        }}
      >
        <p>The tag is removed from its {formatNumber(deleting?.emailCount)} emails in this case. The emails themselves are not changed.</p>
      </ConfirmDialog>
    </div>
  );
}
