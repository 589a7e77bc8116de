import { decideDispositions } from "../../dispositions/decide-dispositions";
import { destructionCertificate } from "../../dispositions/destruction-certificate";
import { certificateQuerySchema, decideDispositionsSchema, listDispositionsQuerySchema } from "../../dispositions/dispositions.schemas";
import { countReviewQueue, listDispositions } from "../../dispositions/list-dispositions";
import { procedure, router } from "../init";

/** Any signed-in caller: the use cases show each reviewer only the dispositions of the rules they review. */
const reviewDispositions = procedure({ permission: "authenticated", feature: "RETENTION_POLICY" });

export const dispositionsRouter = router({
  list: reviewDispositions
    .input(listDispositionsQuerySchema)
    .query(({ ctx, input }) => listDispositions({ principal: ctx.principal, query: input })),
  queueSize: reviewDispositions.query(({ ctx }) => countReviewQueue({ principal: ctx.principal })),
  decide: reviewDispositions
    .input(decideDispositionsSchema)
    .mutation(({ ctx, input }) => decideDispositions({ principal: ctx.principal, input })),
  certificate: procedure({ permission: "manage:all", feature: "RETENTION_POLICY" })
    .input(certificateQuerySchema)
    .query(({ input }) => destructionCertificate(input)),
});
