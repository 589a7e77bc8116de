import { searchArchive } from "../../search/search-archive";
import { explainSearch } from "../../search/explain-search";
import { explainSearchSchema, searchRequestSchema } from "../../search/search.schemas";
import { procedure, router } from "../init";

export const searchRouter = router({
  /** The same flat parameters as GET /v1/search (the UI passes its URL's query string as they are). */
  run: procedure({ permission: "read:archive", rateLimit: "search" })
    .input(searchRequestSchema)
    .query(({ ctx, input }) => searchArchive({ principal: ctx.principal, query: input.searchQuery, page: input.page, limit: input.limit })),
  /** POST /v1/search/explain: the parsed query with each clause's count, before a hold is applied with it. */
  explain: procedure({ permission: "read:archive", rateLimit: "search" })
    .input(explainSearchSchema)
    .query(({ ctx, input }) => explainSearch({ principal: ctx.principal, query: input.searchQuery, exactCounts: input.exactCounts })),
});
