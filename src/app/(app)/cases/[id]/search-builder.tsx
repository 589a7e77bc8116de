"use client";

import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { FormError } from "@/components/form-field";
import { QuerySyntaxHelp } from "@/components/query-syntax-help";
import { SearchExplanation } from "@/components/search-explanation";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { BUILDER_FIELDS, buildQueryText, type BuilderClause } from "@/lib/case-query-builder";
import { errorMessage, fieldErrorsOf, useTRPC } from "@/lib/trpc";

const emptyClause = (): BuilderClause => ({ field: "words", value: "", exclude: false });

/**
 * The case search builder (issue #22): clauses of fields and terms written into the query box in the
 * query language, the query explained (each clause's count, broad clauses warned) before it is saved.
 */
export function SearchBuilder({ caseId, disabled }: { caseId: string; disabled: boolean }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [clauses, setClauses] = useState<BuilderClause[]>([emptyClause()]);
  const [combinator, setCombinator] = useState<"AND" | "OR">("AND");
  const [query, setQuery] = useState("");
  const [explained, setExplained] = useState<string | null>(null);
  const searchQuery = (text: string) => ({ query: text, filters: {}, matchingStrategy: "all" as const });
  const explanation = useQuery(trpc.search.explain.queryOptions(explained === null ? skipToken : { searchQuery: searchQuery(explained) }));
  const save = useMutation(
    trpc.ediscovery.createSearch.mutationOptions({
      onSuccess: (saved) => (toast(`Search "${saved.name}" saved`), invalidate(trpc.ediscovery.pathFilter())),
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const change = (index: number, patch: Partial<BuilderClause>) =>
    setClauses((current) => current.map((clause, at) => (at === index ? { ...clause, ...patch } : clause)));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    save.mutate(
      {
        id: caseId,
        name: values.name ?? "",
        searchQuery: searchQuery(query),
        ignoreCustodians: values.ignoreCustodians === "on",
      },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-label="Search builder" noValidate>
      <h2 className="font-medium">Build a search</h2>
      <fieldset className="space-y-2">
        <legend className="text-sm text-slate-600">Clauses</legend>
        {clauses.map((clause, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <label className="text-sm">
              Field {index + 1}
              <select
                className="input"
                value={clause.field}
                onChange={(event) => change(index, { field: event.target.value as BuilderClause["field"] })}
              >
                {BUILDER_FIELDS.map((field) => (
                  <option key={field.value} value={field.value}>
                    {field.label}
                  </option>
                ))}
              </select>
            </label>
            {clause.field === "has" ? null : (
              <label className="min-w-48 flex-1 text-sm">
                Value {index + 1}
                <input className="input" value={clause.value} onChange={(event) => change(index, { value: event.target.value })} />
              </label>
            )}
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={clause.exclude} onChange={(event) => change(index, { exclude: event.target.checked })} />{" "}
              Exclude {index + 1}
            </label>
            <button
              type="button"
              className="btn btn-sm"
              disabled={clauses.length === 1}
              onClick={() => setClauses((current) => current.filter((_, at) => at !== index))}
            >
              Remove clause {index + 1}
            </button>
          </div>
        ))}
        <div className="flex flex-wrap items-end gap-2">
          <button type="button" className="btn btn-sm" onClick={() => setClauses((current) => [...current, emptyClause()])}>
            Add clause
          </button>
          <label className="text-sm">
            Combine with
            <select className="input" value={combinator} onChange={(event) => setCombinator(event.target.value as "AND" | "OR")}>
              <option value="AND">AND (every clause)</option>
              <option value="OR">OR (any clause)</option>
            </select>
          </label>
          <button type="button" className="btn btn-sm" onClick={() => setQuery(buildQueryText(clauses, combinator))}>
            Write query
          </button>
        </div>
      </fieldset>
      <label className="block text-sm">
        Query
        <textarea
          name="query"
          className="input font-mono"
          rows={2}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby="case-query-help"
          aria-invalid={errors["searchQuery.query"] ? true : undefined}
        />
      </label>
      <QuerySyntaxHelp id="case-query-help" />
      {errors["searchQuery.query"] ? <FormError message={errors["searchQuery.query"]} /> : null}
      <button type="button" className="btn btn-sm" onClick={() => setExplained(query)}>
        Explain query
      </button>
      <ErrorNotice error={explanation.error} />
      {explanation.data && explained !== null ? (
        <SearchExplanation explanation={explanation.data} searchQuery={searchQuery(explained)} />
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="block text-sm">
          Search name
          <input name="name" className="input" maxLength={255} aria-invalid={errors.name ? true : undefined} />
          {errors.name ? <span className="text-xs text-red-700">{errors.name}</span> : null}
        </label>
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" name="ignoreCustodians" /> Search every mailbox, not only the custodians&apos;
        </label>
      </div>
      {save.error && Object.keys(errors).length === 0 ? <FormError message={errorMessage(save.error)} /> : null}
      <SubmitButton className="btn btn-primary" disabled={disabled || save.isPending}>
        Save search
      </SubmitButton>
    </form>
  );
}
