import { operation } from "../operation";
import { explainSearch } from "../../search/explain-search";
import { indexWarning } from "../../search/index-warning";
import { searchArchive } from "../../search/search-archive";
import { indexStatusResponse, searchExplanationResponse, searchResponse } from "../../search/search.responses";
import { explainSearchSchema, searchRequestSchema } from "../../search/search.schemas";

const searchArchiveAccess = { permission: "read:archive", rateLimit: "search" } as const;

/** The UI passes its URL's query string as it is: the same flat parameters as GET /v1/search. */
export const searchArchiveOperation = operation({
  rest: { method: "GET", path: "/v1/search" },
  summary: "Search the archive",
  access: searchArchiveAccess,
  query: searchRequestSchema,
  response: searchResponse,
  errors: [503],
  reads: "replica",
  handler: ({ principal, query }) => searchArchive({ principal, query: query.searchQuery, page: query.page, limit: query.limit }),
});

/** The parsed query with each clause's count, before a hold is applied with it (a query on tRPC: it changes nothing). */
export const explainSearchOperation = operation({
  rest: { method: "POST", path: "/v1/search/explain" },
  summary: "How a query is parsed and run, without running it",
  access: searchArchiveAccess,
  body: explainSearchSchema,
  response: searchExplanationResponse,
  handler: ({ principal, body }) => explainSearch({ principal, query: body.searchQuery, exactCounts: body.exactCounts }),
});

/** Whether the index holds every email the caller may read (the export form warns when not). */
export const indexStatusOperation = operation({
  rest: { method: "GET", path: "/v1/search/index-status" },
  summary: "How many archived emails the caller may read are not searchable yet",
  access: { permission: "read:archive" },
  response: indexStatusResponse,
  handler: async ({ principal }) => {
    const warning = await indexWarning({ principal });
    return { notSearchable: warning?.notSearchable ?? 0, indexWarning: warning };
  },
});
