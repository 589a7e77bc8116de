import { AppError, type FieldError } from "../errors/app-error";
import { isStorableText, storableText } from "./storable-text";

const MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";
/** A body full of bad strings is refused with a readable answer, not one error per string. */
const MAX_REPORTED = 20;

/** A position in the input, linked to its parent so that deep nesting costs no path copies. */
interface Place {
  value: unknown;
  key: string | null;
  parent: Place | null;
}

/**
 * Every string of a request's input (values and key names, at any depth) that PostgreSQL cannot
 * store, as field errors named like zod's (`field.0.name`; `prefix` alone for a bare string).
 * Iterative and linear in the input's size, so a deeply nested body can neither exhaust the stack
 * nor take quadratic time.
 */
export function unstorableStrings(input: unknown, prefix?: string): FieldError[] {
  const errors: FieldError[] = [];
  const pending: Place[] = [{ value: input, key: null, parent: null }];
  while (pending.length > 0 && errors.length < MAX_REPORTED) {
    const place = pending.pop()!;
    const { value } = place;
    if (typeof value === "string") {
      if (!isStorableText(value)) errors.push(fieldError(prefix, place, MESSAGE));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, key: String(index), parent: place }));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) errors.push(fieldError(prefix, { value: item, key: storableText(key), parent: place }, `key ${MESSAGE}`));
        else pending.push({ value: item, key, parent: place });
      }
    }
  }
  return errors;
}

function fieldError(prefix: string | undefined, place: Place, message: string): FieldError {
  const path: string[] = [];
  for (let at: Place | null = place; at?.key != null; at = at.parent) path.push(at.key);
  return { field: [prefix, ...path.reverse()].filter(Boolean).join(".") || "body", message };
}

/** The transports' one check of raw input before any schema sees it: 422 naming each bad field. */
export function assertStorableInput(input: unknown, prefix?: string): void {
  const errors = unstorableStrings(input, prefix);
  if (errors.length > 0) throw new AppError("VALIDATION", "Invalid input", { fieldErrors: errors });
}
