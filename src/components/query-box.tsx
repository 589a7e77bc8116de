"use client";

import { useState } from "react";
import { QuerySyntaxHelp } from "@/components/query-syntax-help";
import { appendClause, fieldClause, queryTokens, type QueryToken } from "@/components/query-clauses";

const TOKEN_STYLE: Record<QueryToken["kind"], string> = {
  field: "bg-sky-100 text-sky-900",
  operator: "bg-violet-100 text-violet-900 font-semibold",
  negation: "bg-rose-100 text-rose-900",
  phrase: "bg-emerald-50 text-emerald-900",
  wildcard: "bg-amber-100 text-amber-900",
  word: "text-slate-700",
};

/** The shortcuts: each writes one clause of the language into the query. */
const SHORTCUTS = [
  { kind: "from", label: "From (address or @domain)", field: "from", input: "text" },
  { kind: "to", label: "To, Cc or Bcc", field: "to", input: "text" },
  { kind: "cc", label: "Cc", field: "cc", input: "text" },
  { kind: "subject", label: "Subject word", field: "subject", input: "text" },
  { kind: "mailbox", label: "Mailbox", field: "mailbox", input: "text" },
  { kind: "source", label: "Source", field: "source", input: "source" },
  { kind: "after", label: "Sent on or after", field: "sent", input: "date" },
  { kind: "before", label: "Sent on or before", field: "sent", input: "date" },
] as const;

/**
 * One query box (name `query`) with its syntax help, the fields and operators it uses highlighted,
 * and shortcuts that write a filter into the query as a clause (docs/search.md, "Query language").
 */
export function QueryBox(props: {
  defaultValue: string;
  label: string;
  sources?: { id: string; name: string }[];
  /** What the server said of this query, e.g. "at character 9: expected a word after AND", shown under the box. */
  problem?: string;
}) {
  const [query, setQuery] = useState(props.defaultValue);
  const [kind, setKind] = useState<(typeof SHORTCUTS)[number]["kind"]>("from");
  const [value, setValue] = useState("");
  const shortcut = SHORTCUTS.find((candidate) => candidate.kind === kind)!;
  const tokens = queryTokens(query);
  const fieldsUsed = [...new Set(tokens.flatMap((token) => (token.field ? [token.field] : [])))];

  function add(clause: string | null) {
    if (!clause) return;
    setQuery((current) => appendClause(current, clause));
    setValue("");
  }
  function addShortcut() {
    if (shortcut.kind === "after") return add(value ? `sent:>=${value}` : null);
    if (shortcut.kind === "before") return add(value ? `sent:<=${value}` : null);
    add(fieldClause(shortcut.field, value));
  }

  return (
    <div className="space-y-2">
      <label className="block text-sm">
        {props.label}
        <input
          name="query"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="input font-mono"
          placeholder='e.g. quarterly "board minutes" from:@acme.com sent:>=2024-01-01'
          aria-describedby={props.problem ? "search-query-problem search-query-help" : "search-query-help"}
          aria-invalid={props.problem ? true : undefined}
        />
      </label>
      {props.problem ? (
        <p id="search-query-problem" role="alert" data-testid="query-problem" className="text-sm text-red-700">
          This query cannot run: {props.problem}
        </p>
      ) : null}
      {tokens.length > 0 && (
        <p className="flex flex-wrap gap-1 text-xs" aria-label="The query as read">
          {tokens.map((token, index) => (
            <span key={index} className={`rounded px-1 font-mono ${TOKEN_STYLE[token.kind]}`} data-kind={token.kind}>
              {token.text}
            </span>
          ))}
          {fieldsUsed.length > 0 && <span className="sr-only">Fields used: {fieldsUsed.join(", ")}</span>}
        </p>
      )}
      <QuerySyntaxHelp id="search-query-help" />
      <div role="group" aria-label="Add a filter to the query" className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          Filter
          <select
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as typeof kind);
              setValue("");
            }}
            className="input"
          >
            {SHORTCUTS.map((option) => (
              <option key={option.kind} value={option.kind}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          Value
          {shortcut.input === "source" ? (
            <select value={value} onChange={(event) => setValue(event.target.value)} className="input">
              <option value="">Choose a source</option>
              {props.sources?.map((source) => (
                <option key={source.id} value={source.name}>
                  {source.name}
                </option>
              ))}
            </select>
          ) : (
            <input type={shortcut.input} value={value} onChange={(event) => setValue(event.target.value)} className="input" />
          )}
        </label>
        <button type="button" className="btn btn-sm" onClick={addShortcut} disabled={!value.trim()}>
          Add to query
        </button>
        <button type="button" className="btn btn-sm" onClick={() => add("has:attachment")}>
          With attachments
        </button>
      </div>
    </div>
  );
}
