import { decideDispositions } from "@/server/dispositions/decide-dispositions";
import { decideDispositionsSchema } from "@/server/dispositions/dispositions.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "authenticated",
    feature: "RETENTION_POLICY",
    body: decideDispositionsSchema,
    handler: ({ principal, body }) => decideDispositions({ principal, input: body }),
  }),
});
