"use client";

import { useId } from "react";
import { ACTIONS, ARCHIVE_CONDITION_FIELDS, SUBJECTS } from "@/server/identity/authz/permissions";
import {
  FIELD_LABELS,
  newRow,
  OPERATOR_LABELS,
  withOperator,
  type ConditionField,
  type ConditionOperator,
  type ConditionRow,
} from "./condition-rows";
import { EMPTY_DRAFT, type PolicyDraft } from "./policy-drafts";

/** What the form suggests as values: the archive's mailboxes and the ingestion sources (roles.conditionValues). */
export interface ConditionSuggestions {
  mailboxes: string[];
  sources: { id: string; name: string; provider: string }[];
}

const InlineError = ({ message, id }: { message?: string; id?: string }) =>
  message ? (
    <p id={id} className="text-xs text-red-700">
      {message}
    </p>
  ) : null;

/** One value of a condition: a source picked by name, or an address with the archive's mailboxes suggested. */
function ValueInput({
  field,
  value,
  label,
  mailboxList,
  sources,
  onChange,
}: {
  field: ConditionField;
  value: string;
  label: string;
  mailboxList: string;
  sources: ConditionSuggestions["sources"];
  onChange: (value: string) => void;
}) {
  if (field === "ingestionSourceId") {
    const known = value === "" || sources.some((source) => source.id === value);
    return (
      <select className="input" aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose a source…</option>
        {!known && <option value={value}>{value} (unknown source)</option>}
        {sources.map((source) => (
          <option key={source.id} value={source.id}>
            {source.name} ({source.provider})
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      className="input"
      type="text"
      aria-label={label}
      value={value}
      list={mailboxList}
      placeholder="name@example.com"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A policy's conditions as rows of field, operator and values. */
function ConditionRows({
  policy,
  draft,
  errors,
  suggestions,
  mailboxList,
  onChange,
}: {
  policy: number;
  draft: PolicyDraft;
  errors: Record<string, string>;
  suggestions: ConditionSuggestions;
  mailboxList: string;
  onChange: (patch: Partial<PolicyDraft>) => void;
}) {
  const n = policy + 1;
  if (draft.unsupported) {
    return (
      <div className="space-y-1 rounded-md bg-amber-50 p-2 text-xs text-amber-900" data-testid={`policy-${n}-unsupported`}>
        <p>
          These conditions cannot be shown as a form ({draft.unsupported.reason}); they are kept exactly as stored. Clear them to scope the
          policy with the form.
        </p>
        <pre className="whitespace-pre-wrap rounded bg-white p-1 font-mono">{JSON.stringify(draft.unsupported.conditions, null, 2)}</pre>
        <button type="button" className="btn btn-sm" onClick={() => onChange({ unsupported: undefined, rows: [] })}>
          Clear conditions of policy {n}
        </button>
      </div>
    );
  }
  const setRow = (index: number, row: ConditionRow) => onChange({ rows: draft.rows.map((item, at) => (at === index ? row : item)) });
  return (
    <div className="space-y-2" role="group" aria-label={`Conditions of policy ${n}`}>
      <p className="text-xs text-slate-600">
        {draft.rows.length === 0
          ? "No conditions: every email of the archive."
          : "Only the emails that meet every condition below (within a condition, any of its values)."}
      </p>
      {draft.rows.map((row, index) => {
        const prefix = `Policy ${n} condition ${index + 1}`;
        return (
          <div key={index} className="flex flex-wrap items-start gap-2" data-testid={`policy-${n}-condition-${index + 1}`}>
            <select
              className="input w-auto"
              aria-label={`${prefix} field`}
              value={row.field}
              onChange={(event) => setRow(index, { ...row, field: event.target.value as ConditionField, values: [""] })}
            >
              {ARCHIVE_CONDITION_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {FIELD_LABELS[field]}
                </option>
              ))}
            </select>
            <select
              className="input w-auto"
              aria-label={`${prefix} operator`}
              value={row.operator}
              onChange={(event) => setRow(index, withOperator(row, event.target.value as ConditionOperator))}
            >
              {(Object.keys(OPERATOR_LABELS) as ConditionOperator[]).map((operator) => (
                <option key={operator} value={operator}>
                  {OPERATOR_LABELS[operator]}
                </option>
              ))}
            </select>
            <div className="min-w-48 flex-1 space-y-1">
              {row.values.map((value, at) => (
                <div key={at} className="flex gap-1">
                  <ValueInput
                    field={row.field}
                    value={value}
                    label={`${prefix} value ${at + 1}`}
                    mailboxList={mailboxList}
                    sources={suggestions.sources}
                    onChange={(next) => setRow(index, { ...row, values: row.values.map((item, i) => (i === at ? next : item)) })}
                  />
                  {row.values.length > 1 && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={`Remove value ${at + 1} of ${prefix.toLowerCase()}`}
                      onClick={() => setRow(index, { ...row, values: row.values.filter((_, i) => i !== at) })}
                    >
                      ×
                    </button>
                  )}
                </div>
              ))}
              {row.operator === "in" && (
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={`Add value to ${prefix.toLowerCase()}`}
                  onClick={() => setRow(index, { ...row, values: [...row.values, ""] })}
                >
                  Add value
                </button>
              )}
              <InlineError message={errors[`${policy}.conditions.${index}`]} />
            </div>
            <button
              type="button"
              className="btn btn-sm"
              aria-label={`Remove ${prefix.toLowerCase()}`}
              onClick={() => onChange({ rows: draft.rows.filter((_, at) => at !== index) })}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button type="button" className="btn btn-sm" onClick={() => onChange({ rows: [...draft.rows, newRow(draft.rows)] })}>
        Add condition to policy {n}
      </button>
    </div>
  );
}

/** Rows of action, subject and (on the archive) conditions as a form, each with its validation messages inline. */
export function PolicyEditor({
  drafts,
  errors,
  suggestions,
  onChange,
}: {
  drafts: PolicyDraft[];
  errors: Record<string, string>;
  suggestions: ConditionSuggestions;
  onChange: (drafts: PolicyDraft[]) => void;
}) {
  const baseId = useId();
  const mailboxList = `${baseId}-mailboxes`;
  const set = (row: number, patch: Partial<PolicyDraft>) =>
    onChange(drafts.map((draft, index) => (index === row ? { ...draft, ...patch } : draft)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Policies</legend>
      <p className="text-xs text-slate-500">
        Each row grants an action on a subject. On the archive, conditions narrow it to some emails: by mailbox, sender or ingestion source.
      </p>
      <datalist id={mailboxList}>
        {suggestions.mailboxes.map((mailbox) => (
          <option key={mailbox} value={mailbox} />
        ))}
      </datalist>
      {drafts.length === 0 && <p className="text-sm text-slate-600">No policies: users with this role can do nothing.</p>}
      {drafts.map((draft, row) => {
        const id = `${baseId}-${row}`;
        const showConditions = draft.subject === "archive" || draft.rows.length > 0 || draft.unsupported !== undefined;
        return (
          <div key={row} className="space-y-2 rounded-md border border-slate-200 p-2" data-testid={`policy-row-${row}`}>
            <div className="grid gap-2 sm:grid-cols-[8rem_8rem_1fr_auto]">
              <div>
                <label htmlFor={`${id}-action`} className="text-xs text-slate-600">
                  Action {row + 1}
                </label>
                <select
                  id={`${id}-action`}
                  className="input"
                  value={draft.action}
                  aria-invalid={errors[`${row}.action`] ? true : undefined}
                  onChange={(event) => set(row, { action: event.target.value })}
                >
                  {ACTIONS.map((action) => (
                    <option key={action}>{action}</option>
                  ))}
                </select>
                <InlineError message={errors[`${row}.action`]} />
              </div>
              <div>
                <label htmlFor={`${id}-subject`} className="text-xs text-slate-600">
                  Subject {row + 1}
                </label>
                <select
                  id={`${id}-subject`}
                  className="input"
                  value={draft.subject}
                  aria-invalid={errors[`${row}.subject`] ? true : undefined}
                  onChange={(event) => set(row, { subject: event.target.value })}
                >
                  {SUBJECTS.map((subject) => (
                    <option key={subject}>{subject}</option>
                  ))}
                </select>
                <InlineError message={errors[`${row}.subject`]} />
              </div>
              <div />
              <div className="flex items-end">
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={`Remove policy ${row + 1}`}
                  onClick={() => onChange(drafts.filter((_, index) => index !== row))}
                >
                  Remove
                </button>
              </div>
            </div>
            {showConditions && (
              <ConditionRows
                policy={row}
                draft={draft}
                errors={errors}
                suggestions={suggestions}
                mailboxList={mailboxList}
                onChange={(patch) => set(row, patch)}
              />
            )}
            <InlineError message={errors[`${row}.conditions`]} />
          </div>
        );
      })}
      <button type="button" className="btn btn-sm" onClick={() => onChange([...drafts, EMPTY_DRAFT])}>
        Add policy
      </button>
    </fieldset>
  );
}
