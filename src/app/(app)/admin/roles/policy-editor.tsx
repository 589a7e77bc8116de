"use client";

import { useId } from "react";
import { ACTIONS, ARCHIVE_CONDITION_FIELDS, SUBJECTS } from "@/server/identity/authz/permissions";
import { EMPTY_DRAFT, type PolicyDraft } from "./policy-drafts";

/** Rows of action, subject and conditions (JSON), each with its validation messages inline. */
export function PolicyEditor({
  drafts,
  errors,
  onChange,
}: {
  drafts: PolicyDraft[];
  errors: Record<string, string>;
  onChange: (drafts: PolicyDraft[]) => void;
}) {
  const baseId = useId();
  const set = (row: number, patch: Partial<PolicyDraft>) =>
    onChange(drafts.map((draft, index) => (index === row ? { ...draft, ...patch } : draft)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Policies</legend>
      <p className="text-xs text-slate-500">
        Each row grants an action on a subject. Conditions (archive only) restrict the emails, as JSON over{" "}
        {ARCHIVE_CONDITION_FIELDS.join(", ")}, e.g. <code>{'{"userEmail": {"$in": ["a@example.com"]}}'}</code>. Leave empty for none.
      </p>
      {drafts.length === 0 && <p className="text-sm text-slate-600">No policies: users with this role can do nothing.</p>}
      {drafts.map((draft, row) => {
        const id = `${baseId}-${row}`;
        const conditionsError = errors[`${row}.conditions`];
        return (
          <div
            key={row}
            className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[8rem_8rem_1fr_auto]"
            data-testid={`policy-row-${row}`}
          >
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
              {errors[`${row}.action`] && <p className="text-xs text-red-700">{errors[`${row}.action`]}</p>}
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
              {errors[`${row}.subject`] && <p className="text-xs text-red-700">{errors[`${row}.subject`]}</p>}
            </div>
            <div>
              <label htmlFor={`${id}-conditions`} className="text-xs text-slate-600">
                Conditions {row + 1} (JSON)
              </label>
              <input
                id={`${id}-conditions`}
                className="input font-mono"
                value={draft.conditions}
                placeholder="{}"
                aria-invalid={conditionsError ? true : undefined}
                aria-describedby={conditionsError ? `${id}-conditions-error` : undefined}
                onChange={(event) => set(row, { conditions: event.target.value })}
              />
              {conditionsError && (
                <p id={`${id}-conditions-error`} className="text-xs text-red-700">
                  {conditionsError}
                </p>
              )}
            </div>
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
        );
      })}
      <button type="button" className="btn btn-sm" onClick={() => onChange([...drafts, EMPTY_DRAFT])}>
        Add policy
      </button>
    </fieldset>
  );
}
