import { z } from "zod";
import { archivedEmailSummaryResponse } from "../archive/archived-emails.responses";
import { count, timestamp } from "../platform/validation/response-fields";

/** A summary with the highlighted snippet (HTML: matched words in <mark>, the rest escaped). */
export const searchResultSummaryResponse = archivedEmailSummaryResponse.extend({ snippet: z.string() });

export const searchResponse = z.object({
  items: z.array(searchResultSummaryResponse),
  total: count,
  /** True when `total` is the engine's estimate of a large result set (docs/search.md). */
  totalIsEstimate: z.boolean(),
  /**
   * Null when every email was searched. Else the search reached its time bound first: it searched
   * the emails sent at or after this instant, `items` are the newest matches among them and `total`
   * counts them (an estimate of the whole); ask again with `endDate` before it for the older ones
   * (docs/search.md, "Bounded answers").
   */
  searchedFrom: timestamp.nullable(),
  /** False for a query of the search language, which runs exactly as written (docs/search.md). */
  matchingStrategyApplied: z.boolean(),
  /** The query language's canonical text of the query; null for an operator-free query. */
  normalizedQuery: z.string().nullable(),
  page: z.number().int(),
  limit: z.number().int(),
  processingTimeMs: z.number(),
});

interface ExplainedClause {
  type: string;
  text: string;
  count: number;
  countIsEstimate: boolean;
  children: ExplainedClause[];
}
const explainedClause: z.ZodType<ExplainedClause> = z
  .object({
    type: z.string(),
    text: z.string(),
    count,
    countIsEstimate: z.boolean(),
    get children() {
      return z.array(explainedClause);
    },
  })
  .meta({ id: "ExplainedClause" });

export const searchExplanationResponse = z.object({
  searchQuery: z.record(z.string(), z.unknown()),
  normalized: z.string(),
  matchingStrategyApplied: z.boolean(),
  total: count,
  totalIsEstimate: z.boolean(),
  visibleEmails: count,
  readableEmails: count,
  tree: explainedClause,
  warnings: z.array(z.string()),
});

/** Set when archived emails the caller may read are not searchable yet (docs/search.md, "Index coverage"). */
export const indexWarningResponse = z.object({ notSearchable: count, message: z.string() });

export const indexStatusResponse = z.object({
  /** Archived emails the caller may read that the search index does not hold yet. */
  notSearchable: count,
  /** Null when the index holds every one. */
  indexWarning: indexWarningResponse.nullable(),
});

export type IndexWarning = z.infer<typeof indexWarningResponse>;

/** One page of results: what `searchResponse` sends. */
export type SearchArchiveResult = z.infer<typeof searchResponse>;

/** The interface's Archived email without attachments and thread, plus the highlighted snippet (HTML: matched words in <mark>, the rest escaped). */
export type SearchResultSummary = z.infer<typeof searchResultSummaryResponse>;
