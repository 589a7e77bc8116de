"use client";

import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { IndexWarningNotice } from "@/components/index-warning";
import { useToast } from "@/components/toast";
import { formatNumber } from "@/lib/format";
import { errorMessage, useTRPC, type RouterInputs } from "@/lib/trpc";
import { QuerySyntaxHelp } from "@/components/query-syntax-help";
import { SearchExplanation } from "@/components/search-explanation";
import { SubmitButton } from "@/components/submit-button";
import { useHoldChange } from "./use-hold-change";

type SearchQuery = RouterInputs["legalHolds"]["bulkApply"]["searchQuery"];

const FILTERS = ["from", "to", "userEmail", "ingestionSourceId", "startDate", "endDate", "hasAttachments"] as const;

/**
 * Bulk apply from a search: the officer previews how many emails match (and a sample) with the
 * same search the server will run, confirms, then sees how many were newly linked.
 */
export function BulkApply({ holds }: { holds: { id: string; name: string; isActive: boolean }[] }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useHoldChange();
  const sources = useQuery(trpc.sources.names.queryOptions());
  const [holdId, setHoldId] = useState("");
  const [search, setSearch] = useState<SearchQuery | null>(null);
  const preview = useQuery(trpc.legalHolds.previewBulkApply.queryOptions(search ? { searchQuery: search } : skipToken));
  const explanation = useQuery(trpc.search.explain.queryOptions(search ? { searchQuery: search } : skipToken));
  const bulkApply = useMutation(
    trpc.legalHolds.bulkApply.mutationOptions({ onSuccess: refresh, onError: (error) => toast(errorMessage(error), "error") }),
  );
  const activeHolds = holds.filter((hold) => hold.isActive);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setHoldId(form.holdId ?? "");
    bulkApply.reset();
    const filters = Object.fromEntries(FILTERS.flatMap((field) => (form[field]?.trim() ? [[field, form[field].trim()]] : [])));
    setSearch({ query: form.query ?? "", filters, matchingStrategy: form.matchingStrategy as "last" | "all" | "frequency" });
  }

  return (
    <form onSubmit={submit} className="card space-y-2" aria-label="Bulk apply from a search">
      <h2 className="font-medium">Bulk apply from a search</h2>
      <label className="block text-sm">
        Hold
        <select name="holdId" className="input">
          {activeHolds.map((hold) => (
            <option key={hold.id} value={hold.id}>
              {hold.name}
            </option>
          ))}
        </select>
      </label>
      {activeHolds.length === 0 ? <p className="text-xs text-slate-600">Only an active hold can be applied.</p> : null}
      <label className="block text-sm">
        Query <input name="query" className="input" aria-describedby="bulk-query-help" />
      </label>
      <QuerySyntaxHelp id="bulk-query-help" />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <label className="block text-sm">
          From <input name="from" className="input" />
        </label>
        <label className="block text-sm">
          To <input name="to" className="input" />
        </label>
        <label className="block text-sm">
          Mailbox <input name="userEmail" className="input" />
        </label>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <label className="block text-sm">
          From date <input type="date" name="startDate" className="input" />
        </label>
        <label className="block text-sm">
          To date <input type="date" name="endDate" className="input" />
        </label>
        <label className="block text-sm">
          Source
          <select name="ingestionSourceId" className="input">
            <option value="">All sources</option>
            {sources.data?.map((source) => (
              <option key={source.id} value={source.id}>
                {source.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          Attachments
          <select name="hasAttachments" className="input">
            <option value="">Any</option>
            <option value="true">With attachments</option>
            <option value="false">Without</option>
          </select>
        </label>
      </div>
      <label className="block text-sm">
        Matching
        <select name="matchingStrategy" defaultValue="all" className="input">
          <option value="all">Every word (all)</option>
          <option value="last">Best matches first (last)</option>
          <option value="frequency">Rarest word decides (frequency)</option>
        </select>
      </label>
      <SubmitButton className="btn">Preview matches</SubmitButton>
      <ErrorNotice error={preview.error} />
      {explanation.data && search ? <SearchExplanation explanation={explanation.data} searchQuery={search} /> : null}
      {preview.data && search ? (
        <div className="space-y-2 text-sm">
          <p data-testid="bulk-preview-count">{preview.data.total} matching emails</p>
          <IndexWarningNotice warning={preview.data.indexWarning} testId="bulk-index-warning" />
          <ul className="list-disc pl-5" aria-label="Sample of the matching emails">
            {preview.data.items.map((item) => (
              <li key={item.id}>
                {item.subject || "(no subject)"} · {item.senderEmail}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!holdId || bulkApply.isPending || preview.data.total === 0}
            onClick={() => bulkApply.mutate({ id: holdId, searchQuery: search })}
          >
            Apply hold to {preview.data.total} emails
          </button>
          {bulkApply.data ? (
            <p role="status" data-testid="bulk-result">
              {formatNumber(bulkApply.data.emailsLinked)} emails newly linked
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
