"use client";

import { useCapabilities } from "@/lib/capabilities";

/**
 * Meilisearch (MEILI_HOST) does not support the query language: it runs an AND of words, phrases and
 * a few fields, and refuses the rest with an error (docs/search.md, "Both engines").
 */
export function MeilisearchQueryNotice({ testId }: { testId: string }) {
  return (
    <span className="block text-xs font-normal text-amber-800" data-testid={testId}>
      The Meilisearch search engine does not support the eDiscovery query language: <code>OR</code>, <code>NOT</code> and <code>-word</code>
      , <code>NEAR</code>, wildcards (<code>budg*</code>) and field clauses such as <code>subject:</code>, <code>from:@domain</code>,{" "}
      <code>cc:</code> or <code>size:</code> are refused with an error. It runs words and <code>"phrases"</code> joined by <code>AND</code>,
      with <code>from:</code>/<code>to:</code> (a whole address), <code>mailbox:</code>, <code>source:</code>, <code>has:attachment</code>{" "}
      and <code>sent:</code>. Use the PostgreSQL engine for eDiscovery searches.
    </span>
  );
}

/** What the query box accepts (docs/search.md, "Query language"), under every query box. */
export function QuerySyntaxHelp({ id }: { id: string }) {
  const { searchEngine } = useCapabilities();
  return (
    <p id={id} className="text-xs text-slate-600">
      Words, or the query language: <code>AND</code> <code>OR</code> <code>NOT</code> <code>-word</code> <code>( )</code>{" "}
      <code>"exact phrase"</code> <code>budg*</code> <code>merger NEAR/5 acme</code> and fields such as <code>from:@acme.com</code>{" "}
      <code>subject:</code> <code>sent:2024-01-01..2024-03-31</code> <code>has:attachment</code>. A query with operators runs exactly as
      written, newest first.
      {searchEngine === "meilisearch" ? <MeilisearchQueryNotice testId={`${id}-engine-notice`} /> : null}
    </p>
  );
}
