import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { holdIdParamsSchema } from "@/server/legal-holds/legal-holds.schemas";
import { releaseAll } from "@/server/legal-holds/release-all";
import { releaseAllResponse } from "@/server/legal-holds/legal-holds.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Remove all of a hold's email links, keeping the hold",
    response: releaseAllResponse,
    errors: [404],
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: holdIdParamsSchema,
    handler: ({ principal, params }) => releaseAll({ principal, id: params.id }),
  }),
});
