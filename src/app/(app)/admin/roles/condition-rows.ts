import { ARCHIVE_CONDITION_FIELDS } from "@/server/identity/authz/permissions";

/**
 * Role conditions as the form edits them: rows of field, operator and values. The condition
 * language (authz/permissions.ts, authz/archive-scope.ts) is an object of fields, AND-ed, each
 * equal to a value (`"a@x"`) or to one of a list (`{"$in": [...]}`); the rows convert to exactly
 * that JSON and back.
 */
export type ConditionField = (typeof ARCHIVE_CONDITION_FIELDS)[number];
export type ConditionOperator = "is" | "in";

export interface ConditionRow {
  field: ConditionField;
  operator: ConditionOperator;
  values: string[];
}

export type Conditions = Record<string, string | { $in: string[] }>;

export const FIELD_LABELS: Record<ConditionField, string> = {
  userEmail: "Mailbox",
  senderEmail: "Sender",
  ingestionSourceId: "Ingestion source",
};
export const OPERATOR_LABELS: Record<ConditionOperator, string> = { is: "is", in: "is one of" };

const isField = (key: string): key is ConditionField => (ARCHIVE_CONDITION_FIELDS as readonly string[]).includes(key);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * The rows of stored conditions, or why the form cannot show them (then they are shown as JSON,
 * read-only): something other than an object, a field the form does not know, or a value that is
 * neither a string nor `{"$in": [strings]}`.
 */
export function rowsOf(conditions: unknown): { rows: ConditionRow[] } | { unsupported: string } {
  if (conditions === null || conditions === undefined) return { rows: [] };
  if (typeof conditions !== "object" || Array.isArray(conditions)) return { unsupported: "the conditions are not an object" };
  const rows: ConditionRow[] = [];
  for (const [field, value] of Object.entries(conditions)) {
    if (!isField(field)) return { unsupported: `"${field}" is not a field the form knows (${ARCHIVE_CONDITION_FIELDS.join(", ")})` };
    if (typeof value === "string") {
      rows.push({ field, operator: "is", values: [value] });
      continue;
    }
    const keys = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
    const list = (value as { $in?: unknown } | null)?.$in;
    if (keys.length !== 1 || keys[0] !== "$in" || !isStringList(list)) {
      return { unsupported: `the condition on ${field} uses an operator the form does not offer (only "is" and "is one of")` };
    }
    rows.push({ field, operator: "in", values: [...list] });
  }
  return { rows };
}

/**
 * The conditions of the rows, exactly as the API takes them; errors keyed by row index. A row's
 * values are trimmed and empty ones dropped; a row without a value, or a field used twice, is an
 * error (the fields of one policy are AND-ed: list the values of one field in one "is one of" row).
 */
export function conditionsOf(rows: ConditionRow[]): { conditions: Conditions; errors: Record<number, string> } {
  const conditions: Conditions = {};
  const errors: Record<number, string> = {};
  rows.forEach((row, index) => {
    const values = row.values.map((value) => value.trim()).filter((value) => value !== "");
    if (values.length === 0) errors[index] = `${FIELD_LABELS[row.field]} needs a value`;
    else if (row.field in conditions) {
      errors[index] = `${FIELD_LABELS[row.field]} is used twice: put its values in one "is one of" condition`;
    } else conditions[row.field] = row.operator === "is" && values.length === 1 ? values[0] : { $in: values };
  });
  return { conditions, errors };
}

/** A new row: the first field no row of the policy uses yet. */
export function newRow(rows: ConditionRow[]): ConditionRow {
  const field = ARCHIVE_CONDITION_FIELDS.find((candidate) => !rows.some((row) => row.field === candidate)) ?? "userEmail";
  return { field, operator: "is", values: [""] };
}

/** A row with another operator: "is" keeps the first value only. */
export const withOperator = (row: ConditionRow, operator: ConditionOperator): ConditionRow => ({
  ...row,
  operator,
  values: operator === "is" ? row.values.slice(0, 1) : row.values,
});
