import { searchArchive } from "../../search/search-archive";
import { searchRequestSchema } from "../../search/search.schemas";
import { permissionProcedure, router } from "../init";

export const searchRouter = router({
  /** The same flat parameters as GET /v1/search (the UI passes its URL's query string as they are). */
  run: permissionProcedure("read:archive", undefined, "search")
    .input(searchRequestSchema)
    .query(({ ctx, input }) => searchArchive({ principal: ctx.principal, query: input.searchQuery, page: input.page, limit: input.limit })),
});
