import type { ZodError } from "zod";
import type { FieldError } from "./app-error";

/** A zod error's issues as the error body's `errors` rows, each field named by its path (under `prefix`). */
export function zodFieldErrors(error: ZodError, prefix?: string): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return { field: [prefix, path].filter(Boolean).join(".") || prefix || "body", message: issue.message };
  });
}
