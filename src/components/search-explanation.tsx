"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { formatNumber } from "@/lib/format";
import { searchFilterText } from "@/lib/search-filter-text";
import { useTRPC, type RouterInputs, type RouterOutputs } from "@/lib/trpc";

type Explanation = RouterOutputs["search"]["explain"];
type Clause = Explanation["tree"];
type SearchQuery = RouterInputs["search"]["explain"]["searchQuery"];

/** An estimated count (beyond the exact-count limit) reads "about n". */
const countText = (count: number, estimate: boolean) => `${estimate ? "about " : ""}${formatNumber(count)}`;

/** One line per clause, nested as the query is: what it is and how many visible emails it matches. */
function ClauseItem({ clause }: { clause: Clause }) {
  return (
    <li>
      <code>{clause.text || "(every email)"}</code>{" "}
      <span className="text-slate-600">· {countText(clause.count, clause.countIsEstimate)}</span>
      {clause.children.length > 0 ? (
        <ul className="list-disc pl-5">
          {clause.children.map((child, index) => (
            <ClauseItem key={index} clause={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * What a query will do (POST /v1/search/explain): its normalized text, each clause's count, and
 * broad clauses. Counts beyond the exact-count limit are estimates, as the search's total is; the
 * officer can have every clause counted exactly for `searchQuery` (slower: it reads every match).
 */
export function SearchExplanation({ explanation, searchQuery }: { explanation: Explanation; searchQuery: SearchQuery }) {
  const trpc = useTRPC();
  const [exact, setExact] = useState(false);
  const exactExplanation = useQuery({ ...trpc.search.explain.queryOptions({ searchQuery, exactCounts: true }), enabled: exact });
  const shown = exact && exactExplanation.data ? exactExplanation.data : explanation;
  const estimated = (clause: Clause): boolean => clause.countIsEstimate || clause.children.some(estimated);
  // Names for the source filter; a caller who may not list sources sees its id.
  const sources = useQuery(trpc.sources.names.queryOptions());
  const filters = searchFilterText(
    searchQuery.filters as Record<string, unknown> | undefined,
    (id) => sources.data?.find((source) => source.id === id)?.name,
  );
  return (
    <section aria-label="Query explanation" className="space-y-1 rounded border border-slate-200 p-2 text-sm">
      <p>
        Runs as <code data-testid="explain-normalized">{shown.normalized || "(every email)"}</code>
        {filters.length > 0 ? (
          <>
            {" "}
            where <span data-testid="explain-filters">{filters.join(", ")}</span>
          </>
        ) : null}
        {shown.normalized === ""
          ? ""
          : shown.matchingStrategyApplied
            ? ` with matching strategy ${shown.searchQuery.matchingStrategy}`
            : ", exactly as written"}
        : {countText(shown.total, shown.totalIsEstimate)} of {formatNumber(shown.readableEmails)} emails you may read
        {filters.length > 0 ? ` (${formatNumber(shown.visibleEmails)} within the filters)` : ""}.
      </p>
      <ul className="list-disc pl-5" aria-label="Clauses and their counts">
        <ClauseItem clause={shown.tree} />
      </ul>
      {estimated(shown.tree) ? (
        <p className="text-slate-600">
          Counts over 5,000 are estimates.{" "}
          <button type="button" className="underline" disabled={exact && exactExplanation.isFetching} onClick={() => setExact(true)}>
            {exact && exactExplanation.isFetching ? "Counting…" : "Count exactly"}
          </button>
        </p>
      ) : null}
      {exactExplanation.error ? <ErrorNotice error={exactExplanation.error} /> : null}
      {shown.warnings.map((warning) => (
        <p key={warning} role="alert" className="text-amber-800">
          Broad clause: {warning}
        </p>
      ))}
    </section>
  );
}
