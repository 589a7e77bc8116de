import { z } from "zod";
import { dateBoundSchema, parseDateBound } from "../platform/validation/date-bound";
import { AppError } from "../platform/errors/app-error";
import { parseSearchQuery, searchLanguageProblem } from "./query-language/parse-search-query";
import { MATCHING_STRATEGIES, type SearchFilters, type SearchQuery } from "./search-engine";
import { isSearchable, MAX_QUERY_TERMS, parseSearchTerms } from "./search-terms";

export const SEARCH_QUERY_MAX_LENGTH = 1000;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
/**
 * The deepest result a page may reach (page × limit). Ranking a page costs what precedes it, so a
 * deeper page is refused; only bulk operations (searchAllIds) go past it (docs/search.md, "Bounds").
 */
export const SEARCH_MAX_RESULT_WINDOW = 10_000;
const ADDRESS_MAX_LENGTH = 320;

/** null, "" and blanks mean "not given"; strings are trimmed. */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

const optionalValue = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/** Addresses match case-insensitively, so the normalized query holds them lower-cased. */
const addressFilter = (name: string) =>
  optionalValue(
    z
      .string({ message: `${name} must be a string` })
      .max(ADDRESS_MAX_LENGTH, `${name} must be at most ${ADDRESS_MAX_LENGTH} characters`)
      .transform((text) => text.toLowerCase()),
  );

/** A calendar date stays as written (it means the whole UTC day); a date-time becomes its UTC instant. */
const dateFilter = (name: string) => optionalValue(dateBoundSchema(name).transform((bound) => bound.normalized));

const filterShape = {
  from: addressFilter("from"),
  to: addressFilter("to"),
  userEmail: addressFilter("userEmail"),
  ingestionSourceId: optionalValue(z.uuid({ message: "ingestionSourceId must be a UUID" }).transform((id) => id.toLowerCase())),
  hasAttachments: optionalValue(
    z
      .union([z.boolean(), z.enum(["true", "false"])], { message: "hasAttachments must be true or false" })
      .transform((value) => value === true || value === "true"),
  ),
  startDate: dateFilter("startDate"),
  endDate: dateFilter("endDate"),
};
export const SEARCH_FILTER_KEYS = Object.keys(filterShape) as (keyof SearchFilters)[];

const queryText = z
  .string({ message: "query must be a string" })
  .max(SEARCH_QUERY_MAX_LENGTH, `query must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
  .transform((text) => text.trim())
  .superRefine((text, context) => {
    // A query of the search language has its own limits (clauses, depth, wildcards); an
    // operator-free one keeps the cap on terms.
    const problem = searchLanguageProblem(text);
    if (problem) {
      context.addIssue({ code: "custom", message: problem });
      return;
    }
    if (parseSearchQuery(text)) return;
    const terms = parseSearchTerms(text).filter(isSearchable).length;
    if (terms <= MAX_QUERY_TERMS) return;
    context.addIssue({
      code: "custom",
      message: `query has ${terms} search terms; at most ${MAX_QUERY_TERMS} are allowed: drop the least specific words, or quote words that belong together ("board minutes" is one term)`,
    });
  });

const matchingStrategy = optionalValue(
  z.enum(MATCHING_STRATEGIES, { message: `matchingStrategy must be one of ${MATCHING_STRATEGIES.join(", ")}` }),
);

/** An object schema that names each unknown key as its own field error (instead of one error on the object). */
function knownKeysOnly<Shape extends z.ZodRawShape>(shape: Shape, what: string) {
  return z.looseObject(shape).superRefine((value, context) => {
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key)) context.addIssue({ code: "custom", path: [key], message: `unknown ${what} "${key}"` });
    }
  });
}

type ParsedFilters = { [K in keyof typeof filterShape]?: z.output<(typeof filterShape)[K]> };

function checkDateOrder(filters: ParsedFilters, context: z.RefinementCtx, path: (string | number)[]) {
  if (!filters.startDate || !filters.endDate) return;
  const start = parseDateBound(filters.startDate)!;
  const end = parseDateBound(filters.endDate)!;
  if (end.until <= start.from) context.addIssue({ code: "custom", path, message: "endDate must not be before startDate" });
}

/** Only the given filters, in one fixed key order, so the normalized query serializes the same every time. */
function pickFilters(parsed: ParsedFilters): SearchFilters {
  const filters: SearchFilters = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const value = parsed[key];
    if (value !== undefined) (filters as Record<string, unknown>)[key] = value;
  }
  return filters;
}

export const searchFiltersSchema = knownKeysOnly(filterShape, "filter")
  .superRefine((filters, context) => checkDateOrder(filters, context, ["endDate"]))
  .transform((filters) => pickFilters(filters));

/**
 * The searchQuery object shared by REST and legal holds' bulk apply. Its output is the normalized
 * query (trimmed, defaults filled, addresses lower-cased, date-times in UTC), i.e. exactly what runs.
 */
export const searchQuerySchema = knownKeysOnly(
  {
    query: queryText,
    filters: z.preprocess((value) => value ?? undefined, searchFiltersSchema.optional()),
    matchingStrategy,
  },
  "field",
).transform((input): SearchQuery => ({
  query: input.query,
  filters: input.filters ?? {},
  matchingStrategy: input.matchingStrategy ?? "last",
}));

export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/**
 * Validates and normalizes a search query (idempotent: a normalized query comes back unchanged).
 * Throws a VALIDATION AppError with field errors when the input is invalid.
 */
export function normalizeSearchQuery(input: unknown): SearchQuery {
  const result = searchQuerySchema.safeParse(input);
  if (!result.success) {
    throw new AppError("VALIDATION", "Invalid input", {
      fieldErrors: result.error.issues.map((issue) => ({
        field: issue.path.map(String).join(".") || "searchQuery",
        message: issue.message,
      })),
    });
  }
  return result.data;
}

const positiveInteger = (name: string, max = Infinity) =>
  z
    .string()
    .regex(/^\d{1,12}$/, `${name} must be a positive integer`)
    .transform(Number)
    .pipe(z.number().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`));

function checkResultWindow(request: { page?: number; limit?: number }, context: z.RefinementCtx) {
  const page = request.page ?? 1;
  const limit = request.limit ?? SEARCH_DEFAULT_LIMIT;
  if (page * limit <= SEARCH_MAX_RESULT_WINDOW) return;
  context.addIssue({
    code: "custom",
    path: ["page"],
    message:
      `page × limit must be at most ${SEARCH_MAX_RESULT_WINDOW} (this page ends at result ${page * limit}): only the first ` +
      `${SEARCH_MAX_RESULT_WINDOW.toLocaleString("en-US")} results of a search can be paged through; narrow the query with more ` +
      "words, matchingStrategy=all, or filters (from, to, userEmail, ingestionSourceId, hasAttachments, startDate, endDate)",
  });
}

/** GET /v1/search: the searchQuery fields and filters as flat query parameters, plus page and limit. */
export const searchRequestSchema = knownKeysOnly(
  {
    query: z.preprocess((value) => value ?? "", queryText),
    matchingStrategy,
    ...filterShape,
    page: optionalValue(positiveInteger("page")),
    limit: optionalValue(positiveInteger("limit", SEARCH_MAX_LIMIT)),
  },
  "parameter",
)
  .superRefine((request, context) => {
    checkDateOrder(request, context, ["endDate"]);
    checkResultWindow(request, context);
  })
  .transform((request) => ({
    searchQuery: {
      query: request.query,
      filters: pickFilters(request),
      matchingStrategy: request.matchingStrategy ?? "last",
    } satisfies SearchQuery,
    page: request.page ?? 1,
    limit: request.limit ?? SEARCH_DEFAULT_LIMIT,
  }));

export type SearchRequest = z.output<typeof searchRequestSchema>;

/** POST /v1/search/explain. */
export const explainSearchSchema = z.object({
  searchQuery: searchQuerySchema,
  /** Count every clause exactly, however many it matches (slower); by default counts beyond 5,000 are estimates, as the search's total. */
  exactCounts: z.boolean().default(false),
});
