import { listDispositions } from "@/server/dispositions/list-dispositions";
import { listDispositionsQuerySchema } from "@/server/dispositions/dispositions.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "authenticated",
    feature: "RETENTION_POLICY",
    query: listDispositionsQuerySchema,
    handler: ({ principal, query }) => listDispositions({ principal, query }),
  }),
});
