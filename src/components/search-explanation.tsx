"use client";

import { formatNumber } from "@/lib/format";
import type { RouterOutputs } from "@/lib/trpc";

type Explanation = RouterOutputs["search"]["explain"];
type Clause = Explanation["tree"];

/** One line per clause, nested as the query is: what it is and how many visible emails it matches. */
function ClauseItem({ clause }: { clause: Clause }) {
  return (
    <li>
      <code>{clause.text}</code> <span className="text-slate-600">· {formatNumber(clause.count)}</span>
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

/** What a query will do (POST /v1/search/explain): its normalized text, each clause's count, and broad clauses. */
export function SearchExplanation({ explanation }: { explanation: Explanation }) {
  return (
    <section aria-label="Query explanation" className="space-y-1 rounded border border-slate-200 p-2 text-sm">
      <p>
        Runs as <code data-testid="explain-normalized">{explanation.normalized || "(every email)"}</code>
        {explanation.matchingStrategyApplied
          ? ` with matching strategy ${explanation.searchQuery.matchingStrategy}`
          : ", exactly as written"}
        : {formatNumber(explanation.total)} of {formatNumber(explanation.visibleEmails)} emails you may read.
      </p>
      <ul className="list-disc pl-5" aria-label="Clauses and their counts">
        <ClauseItem clause={explanation.tree} />
      </ul>
      {explanation.warnings.map((warning) => (
        <p key={warning} role="alert" className="text-amber-800">
          Broad clause: {warning}
        </p>
      ))}
    </section>
  );
}
