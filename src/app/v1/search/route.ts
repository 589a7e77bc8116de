import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { searchArchive } from "@/server/search/search-archive";
import { searchRequestSchema } from "@/server/search/search.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:archive",
    rateLimit: "search",
    query: searchRequestSchema,
    handler: ({ principal, query }) =>
      searchArchive({ principal, query: query.searchQuery, page: query.page, limit: query.limit }),
  }),
});
