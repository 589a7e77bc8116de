import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { explainSearch } from "@/server/search/explain-search";
import { explainSearchSchema } from "@/server/search/search.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "read:archive",
    rateLimit: "search",
    body: explainSearchSchema,
    handler: ({ principal, body }) => explainSearch({ principal, query: body.searchQuery }),
  }),
});
