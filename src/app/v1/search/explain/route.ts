import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { explainSearch } from "@/server/search/explain-search";
import { explainSearchSchema } from "@/server/search/search.schemas";
import { searchExplanationResponse } from "@/server/search/search.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: searchExplanationResponse,
    summary: "How a query is parsed and run, without running it",
    auth: "read:archive",
    rateLimit: "search",
    body: explainSearchSchema,
    handler: ({ principal, body }) => explainSearch({ principal, query: body.searchQuery, exactCounts: body.exactCounts }),
  }),
});
