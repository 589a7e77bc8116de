import type { z } from "zod";
import { AppError } from "../errors/app-error";

/**
 * Reads a JSON column through the schema of what is written to it. A stored value that no longer
 * fits (a hand edit, a migration that missed a row) fails here, naming the column and what is
 * wrong, instead of flowing on under a cast as the wrong shape. The value itself is not repeated:
 * JSON columns can hold search terms and redaction patterns.
 */
export function parseStoredJson<S extends z.ZodType>(schema: S, value: unknown, column: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.map(String).join(".") || "(value)"}: ${issue.message}`);
  throw new AppError("INTERNAL", `The stored ${column} is malformed: ${problems.join("; ")}`, { cause: result.error });
}
