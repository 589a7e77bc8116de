"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Suspense, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { formatDateTime } from "@/lib/format";
import { recipientSummary } from "@/lib/recipient-rows";
import { useCapabilities } from "@/lib/capabilities";
import { fieldErrorsOf, useTRPC } from "@/lib/trpc";
import { SEARCH_MAX_RESULT_WINDOW } from "@/server/search/search.schemas";
import { BulkRestoreForm } from "./restore-form";
import { QueryBox } from "@/components/query-box";
import { filtersAsClauses } from "@/components/query-clauses";
import { SubmitButton } from "@/components/submit-button";
import { sentAtNote } from "@/lib/sent-at-note";

const PAGE_SIZE = 20;
const FIELDS = [
  "query",
  "from",
  "to",
  "userEmail",
  "ingestionSourceId",
  "startDate",
  "endDate",
  "hasAttachments",
  "matchingStrategy",
  "page",
] as const;

function EmailSearch() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const input = Object.fromEntries(FIELDS.flatMap((field) => (params.get(field) ? [[field, params.get(field)!]] : []))) as Record<
    string,
    string
  >;
  const results = useQuery(
    trpc.search.run.queryOptions({
      query: input.query,
      from: input.from,
      to: input.to,
      userEmail: input.userEmail,
      ingestionSourceId: input.ingestionSourceId,
      startDate: input.startDate,
      endDate: input.endDate,
      hasAttachments: input.hasAttachments,
      matchingStrategy: input.matchingStrategy,
      page: input.page,
      limit: String(PAGE_SIZE),
    }),
  );
  const sources = useQuery(trpc.sources.names.queryOptions());
  const can = useCapabilities();
  /** The search as the bulk restore's searchQuery: the words, the filters and the strategy. */
  const filters = Object.fromEntries(Object.entries(input).filter(([field]) => !["query", "matchingStrategy", "page"].includes(field)));

  /**
   * The URL is the search: it can be bookmarked and shared. The form writes filters into the query
   * (the box's shortcuts), so it sends only the query and the strategy; a link's structured filters
   * (`?ingestionSourceId=…` from the dashboard) still apply and start the box as their clauses.
   */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const field of ["query", "matchingStrategy"]) {
      const value = String(form.get(field) ?? "").trim();
      if (value) next.set(field, value);
    }
    router.push(`${pathname}?${next.toString()}`);
  }

  const page = Number(input.page ?? 1);
  const goTo = (target: number) => {
    const next = new URLSearchParams(params.toString());
    next.set("page", String(target));
    router.push(`${pathname}?${next.toString()}`);
  };

  // A query the language refuses is explained under the box, in the server's words, not as a failure.
  const queryProblem = fieldErrorsOf(results.error).query;
  return (
    <div className="space-y-4">
      <h1 className="page-title">Emails</h1>
      <form onSubmit={submit} className="card grid gap-3 md:grid-cols-4" aria-label="Search emails" key={params.toString()}>
        <div className="md:col-span-4">
          <QueryBox
            label="Words and fields"
            defaultValue={[input.query ?? "", ...filtersAsClauses(filters)].filter(Boolean).join(" ")}
            sources={sources.data}
            problem={queryProblem}
          />
        </div>
        <label className="text-sm">
          Matching
          <select name="matchingStrategy" defaultValue={input.matchingStrategy ?? "last"} className="input">
            <option value="last">Best matches first (last)</option>
            <option value="all">Every word (all)</option>
            <option value="frequency">Rarest word decides (frequency)</option>
          </select>
        </label>
        <div className="md:col-span-4">
          <SubmitButton className="btn btn-primary">Search</SubmitButton>
        </div>
      </form>
      {results.error && !queryProblem && <ErrorNotice error={results.error} />}
      {results.isLoading && <Skeleton lines={5} />}
      {results.data && (
        <section aria-label="Results">
          <p className="mb-2 text-sm text-slate-600">
            {results.data.totalIsEstimate ? "about " : ""}
            {results.data.total.toLocaleString("en")} email{results.data.total === 1 ? "" : "s"} · {results.data.processingTimeMs} ms
            {results.data.normalizedQuery !== null && (
              <>
                {" "}
                · runs exactly as written, newest first (matching strategy does not apply):{" "}
                <code data-testid="normalized-query">{results.data.normalizedQuery}</code>
              </>
            )}
          </p>
          {results.data.searchedFrom !== null && (
            <BoundedAnswerNotice searchedFrom={results.data.searchedFrom} found={results.data.total} />
          )}
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
            <thead className="text-left text-xs text-slate-600">
              <tr>
                <th className="p-2">Subject</th>
                <th className="p-2">From</th>
                <th className="p-2">To</th>
                <th className="p-2">Mailbox</th>
                <th className="p-2">Sent</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {results.data.items.map((email) => (
                <tr key={email.id} className="align-top">
                  <td className="p-2">
                    <Link href={`/emails/${email.id}`} className="link font-medium">
                      {email.subject || "(no subject)"}
                    </Link>
                    {email.isOnLegalHold && <span className="badge ml-2 bg-amber-100 text-amber-900">On hold</span>}
                    {/* The snippet is HTML-escaped by the server; only <mark> is added. */}
                    <p className="text-slate-700" dangerouslySetInnerHTML={{ __html: email.snippet }} />
                  </td>
                  <td className="p-2">{email.senderName || email.senderEmail}</td>
                  <td className="p-2" data-testid="result-recipients">
                    {recipientSummary(email.recipients)}
                  </td>
                  <td className="p-2" data-testid="result-mailbox">
                    {email.userEmail}
                  </td>
                  <td className="whitespace-nowrap p-2" data-testid="result-sent">
                    {formatDateTime(email.sentAt)}
                    {/* Mail without a usable Date header: the time shown is when it was archived. */}
                    {email.sentAtFallback && (
                      <span className="badge ml-1 bg-slate-100 text-slate-700" title={sentAtNote(email.sentAtFallback) ?? undefined}>
                        archive time
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {can.restoreArchive && results.data.total > 0 && (
            <BulkRestoreForm selection={{ searchQuery: { query: input.query ?? "", filters, matchingStrategy: input.matchingStrategy } }} />
          )}
          <div className="mt-3 flex items-center gap-2">
            <button className="btn btn-sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </button>
            <button
              className="btn btn-sm"
              disabled={(page + 1) * PAGE_SIZE > SEARCH_MAX_RESULT_WINDOW || page * PAGE_SIZE >= results.data.total}
              onClick={() => goTo(page + 1)}
            >
              Next
            </button>
            {results.data.total > SEARCH_MAX_RESULT_WINDOW && (page + 1) * PAGE_SIZE > SEARCH_MAX_RESULT_WINDOW && (
              <span className="text-sm text-slate-600">
                Only the first {SEARCH_MAX_RESULT_WINDOW.toLocaleString("en")} results can be paged through: add words or filters to narrow
                the search.
              </span>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * A search stopped by its time bound (docs/search.md, "Bounded answers"): it says how far back it
 * searched and offers the older emails as the same search with an end date just before that.
 */
function BoundedAnswerNotice({ searchedFrom, found }: { searchedFrom: string; found: number }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const older = new URLSearchParams(params.toString());
  older.set("endDate", new Date(new Date(searchedFrom).getTime() - 1).toISOString());
  older.delete("page");
  return (
    <div
      role="status"
      className="mb-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="bounded-answer"
    >
      This search reached its time limit before it had read the whole archive: it searched the emails sent since{" "}
      <strong>{formatDateTime(searchedFrom)}</strong> and found {found.toLocaleString("en")} there. Older emails were not searched yet.{" "}
      <Link href={`${pathname}?${older.toString()}`} className="link font-medium">
        Search the emails sent before {formatDateTime(searchedFrom)}
      </Link>
    </div>
  );
}

export default function EmailsPage() {
  return (
    <Suspense fallback={<Skeleton lines={5} />}>
      <EmailSearch />
    </Suspense>
  );
}
