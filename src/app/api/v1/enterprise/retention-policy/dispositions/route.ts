import { listDispositions } from "@/server/dispositions/list-dispositions";
import { listDispositionsQuerySchema } from "@/server/dispositions/dispositions.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { dispositionPageResponse } from "@/server/dispositions/dispositions.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: dispositionPageResponse,
    summary: "List dispositions awaiting or past review",
    auth: "authenticated",
    feature: "RETENTION_POLICY",
    query: listDispositionsQuerySchema,
    handler: ({ principal, query }) => listDispositions({ principal, query }),
  }),
});
