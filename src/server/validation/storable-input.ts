import { AppError, type FieldError } from "../errors/app-error";
import { isStorableText, storableText } from "./storable-text";

const MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";
/** A body full of bad strings is refused with a readable answer, not one error per string. */
const MAX_REPORTED = 20;

/**
 * Every string of a request's input (values and key names, at any depth) that PostgreSQL cannot
 * store, as field errors named like zod's (`field.0.name`; `prefix` alone for a bare string).
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function unstorableStrings(input: unknown, prefix?: string): FieldError[] {
  const errors: FieldError[] = [];
  const pending: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0 && errors.length < MAX_REPORTED) {
    const { value, path } = pending.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) errors.push(fieldError(prefix, path, MESSAGE));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, String(index)] }));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) errors.push(fieldError(prefix, [...path, storableText(key)], `key ${MESSAGE}`));
        else pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return errors;
}

function fieldError(prefix: string | undefined, path: string[], message: string): FieldError {
  return { field: [prefix, ...path].filter(Boolean).join(".") || "body", message };
}

/** The transports' one check of raw input before any schema sees it: 422 naming each bad field. */
export function assertStorableInput(input: unknown, prefix?: string): void {
  const errors = unstorableStrings(input, prefix);
  if (errors.length > 0) throw new AppError("VALIDATION", "Invalid input", { fieldErrors: errors });
}
