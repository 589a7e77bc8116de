import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { searchArchive } from "@/server/search/search-archive";
import { searchRequestSchema } from "@/server/search/search.schemas";
import { searchResponse } from "@/server/search/search.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: searchResponse,
    summary: "Search the archive",
    errors: [503],
    auth: "read:archive",
    rateLimit: "search",
    query: searchRequestSchema,
    handler: ({ principal, query }) => searchArchive({ principal, query: query.searchQuery, page: query.page, limit: query.limit }),
  }),
});
