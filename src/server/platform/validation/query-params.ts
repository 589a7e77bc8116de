import { z } from "zod";

/** Query parameters that are sent empty (e.g. by a blank form field) mean "not given". */
export const optionalParam = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A positive integer query parameter within [1, max]. */
export const positiveIntegerParam = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,12}$/, `${name} must be a positive integer`)
    .transform(Number)
    .pipe(z.number().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`));

/** Bounds OFFSET ((page - 1) * limit) well inside PostgreSQL's bigint and JS's safe integers. */
export const MAX_PAGE = 1_000_000_000;

export const pageQuerySchema = (defaults: { limit: number; maxLimit: number }) =>
  z.object({
    page: optionalParam(positiveIntegerParam("page", MAX_PAGE)).default(1),
    limit: optionalParam(positiveIntegerParam("limit", defaults.maxLimit)).default(defaults.limit),
  });
