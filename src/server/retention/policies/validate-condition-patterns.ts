import { db } from "../../platform/db/client";
import { validationError, type FieldError } from "../../platform/errors/app-error";
import { compileRegex } from "./retention-policies.queries";
import type { ConditionGroup } from "./retention-policies.schemas";

/**
 * PostgreSQL evaluates `matches` patterns (its ARE dialect differs from JavaScript's), so each one
 * is compiled there before it is stored; a pattern PostgreSQL rejects is a 422, not a failing cycle.
 * Runs outside the caller's transaction: a failed statement would abort it.
 */
export async function validateConditionPatterns(conditions: ConditionGroup | null | undefined): Promise<void> {
  if (!conditions) return;
  const errors: FieldError[] = [];
  for (const [index, rule] of conditions.rules.entries()) {
    if (rule.op !== "matches" || typeof rule.value !== "string") continue;
    try {
      await compileRegex(db(), rule.value);
    } catch {
      errors.push({ field: `conditions.rules.${index}.value`, message: "matches pattern is not a valid PostgreSQL regular expression" });
    }
  }
  if (errors.length > 0) throw validationError(errors);
}
