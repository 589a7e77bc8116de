import { decideDispositions } from "@/server/dispositions/decide-dispositions";
import { decideDispositionsSchema } from "@/server/dispositions/dispositions.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { decisionResponse } from "@/server/dispositions/dispositions.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: decisionResponse,
    summary: "Approve or reject pending dispositions",
    errors: [404, 409],
    auth: "authenticated",
    feature: "RETENTION_POLICY",
    body: decideDispositionsSchema,
    handler: ({ principal, body }) => decideDispositions({ principal, input: body }),
  }),
});
