import { z } from "zod";
import { archivedEmailSummaryResponse } from "../archived-emails/archived-emails.responses";
import { count } from "../http/openapi/response-fields";

/** A summary with the highlighted snippet (HTML: matched words in <mark>, the rest escaped). */
export const searchResultSummaryResponse = archivedEmailSummaryResponse.extend({ snippet: z.string() });

export const searchResponse = z.object({
  items: z.array(searchResultSummaryResponse),
  total: count,
  totalIsEstimate: z.boolean(),
  matchingStrategyApplied: z.boolean(),
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
