"use client";

import { useId } from "react";
import {
  CONDITION_FIELDS,
  CONDITION_OPS,
  MAX_RULES,
  type ConditionField,
  type ConditionGroup,
  type ConditionOp,
  type ConditionRule,
} from "@/server/retention/policies/retention-policies.schemas";

const FIELD_LABELS: Record<ConditionField, string> = {
  sender: "Sender address",
  recipient: "Recipient address (To/Cc/Bcc)",
  subject: "Subject",
  userEmail: "Archived mailbox",
  attachmentType: "Attachment type",
  hasAttachments: "Has attachments",
};

const OP_LABELS: Record<ConditionOp, string> = {
  equals: "equals",
  contains: "contains",
  startsWith: "starts with",
  endsWith: "ends with",
  domain: "is in domain",
  matches: "matches regular expression",
};

const ADDRESS_FIELDS: ConditionField[] = ["sender", "recipient", "userEmail"];

/** The ops a field accepts, as the policy schema checks them. */
export function opsFor(field: ConditionField): ConditionOp[] {
  if (field === "hasAttachments") return ["equals"];
  return CONDITION_OPS.filter((op) => op !== "domain" || ADDRESS_FIELDS.includes(field));
}

export const emptyRule = (): ConditionRule => ({ field: "sender", op: "domain", value: "" });

/** A rule changed to `field`, keeping the op and value when they still make sense. */
function withField(rule: ConditionRule, field: ConditionField): ConditionRule {
  if (field === "hasAttachments") return { field, op: "equals", value: true };
  const op = opsFor(field).includes(rule.op) ? rule.op : "contains";
  return { field, op, value: typeof rule.value === "string" ? rule.value : "" };
}

/**
 * Rows of field / op / value joined by AND or OR, as in the policy schema. `errors` holds the
 * server's field errors keyed by path ("conditions.rules.0.value").
 */
export function RuleBuilder({
  value,
  onChange,
  errors,
}: {
  value: ConditionGroup;
  onChange: (next: ConditionGroup) => void;
  errors: Record<string, string>;
}) {
  const baseId = useId();
  const setRule = (index: number, rule: ConditionRule) =>
    onChange({ ...value, rules: value.rules.map((current, at) => (at === index ? rule : current)) });
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Conditions</legend>
      <label className="flex flex-wrap items-center gap-2 text-sm">
        Match
        <select
          className="input w-auto"
          value={value.operator}
          onChange={(event) => onChange({ ...value, operator: event.target.value as ConditionGroup["operator"] })}
          aria-label="Match operator"
        >
          <option value="AND">all rules (AND)</option>
          <option value="OR">any rule (OR)</option>
        </select>
      </label>
      <ol className="space-y-2">
        {value.rules.map((rule, index) => {
          const error =
            errors[`conditions.rules.${index}.value`] ?? errors[`conditions.rules.${index}`] ?? errors[`conditions.rules.${index}.op`];
          const errorId = `${baseId}-rule-${index}-error`;
          return (
            <li key={index} className="rounded-md bg-slate-50 p-2" aria-label={`Rule ${index + 1}`}>
              <div className="grid gap-2 sm:grid-cols-[1fr_1fr_1.3fr_auto]">
                <select
                  className="input"
                  aria-label={`Rule ${index + 1} field`}
                  value={rule.field}
                  onChange={(event) => setRule(index, withField(rule, event.target.value as ConditionField))}
                >
                  {CONDITION_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {FIELD_LABELS[field]}
                    </option>
                  ))}
                </select>
                <select
                  className="input"
                  aria-label={`Rule ${index + 1} operator`}
                  value={rule.op}
                  onChange={(event) => setRule(index, { ...rule, op: event.target.value as ConditionOp })}
                >
                  {opsFor(rule.field).map((op) => (
                    <option key={op} value={op}>
                      {OP_LABELS[op]}
                    </option>
                  ))}
                </select>
                {rule.field === "hasAttachments" ? (
                  <select
                    className="input"
                    aria-label={`Rule ${index + 1} value`}
                    value={String(rule.value)}
                    onChange={(event) => setRule(index, { ...rule, value: event.target.value === "true" })}
                  >
                    <option value="true">yes</option>
                    <option value="false">no</option>
                  </select>
                ) : (
                  <input
                    className="input"
                    aria-label={`Rule ${index + 1} value`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    value={String(rule.value)}
                    placeholder={rule.op === "domain" ? "example.com" : rule.field === "attachmentType" ? "pdf or application/pdf" : ""}
                    onChange={(event) => setRule(index, { ...rule, value: event.target.value })}
                  />
                )}
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={value.rules.length === 1}
                  onClick={() => onChange({ ...value, rules: value.rules.filter((_, at) => at !== index) })}
                  aria-label={`Remove rule ${index + 1}`}
                >
                  Remove
                </button>
              </div>
              {error ? (
                <p id={errorId} className="mt-1 text-xs text-red-700">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-sm"
        disabled={value.rules.length >= MAX_RULES}
        onClick={() => onChange({ ...value, rules: [...value.rules, emptyRule()] })}
      >
        Add rule
      </button>
      {errors["conditions.rules"] || errors.conditions ? (
        <p className="text-xs text-red-700">{errors["conditions.rules"] ?? errors.conditions}</p>
      ) : null}
    </fieldset>
  );
}

/** One line a reader understands: `sender is in domain example.com AND subject contains invoice`. */
export function describeConditions(conditions: ConditionGroup | null): string {
  if (!conditions) return "Every email";
  return conditions.rules
    .map(
      (rule) =>
        `${FIELD_LABELS[rule.field].toLowerCase()} ${OP_LABELS[rule.op]} ${rule.field === "hasAttachments" ? (rule.value ? "yes" : "no") : `"${String(rule.value)}"`}`,
    )
    .join(` ${conditions.operator} `);
}
