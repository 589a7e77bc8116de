import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { bulkApplyHold } from "@/server/legal-holds/bulk-apply-hold";
import { bulkApplySchema, holdIdParamsSchema } from "@/server/legal-holds/legal-holds.schemas";
import { bulkApplyResponse } from "@/server/legal-holds/legal-holds.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Link every email a search query matches to the hold",
    response: bulkApplyResponse,
    errors: [404, 409, 503],
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    rateLimit: "bulkApply",
    params: holdIdParamsSchema,
    body: bulkApplySchema,
    handler: ({ principal, params, body }) => bulkApplyHold({ principal, id: params.id, query: body.searchQuery }),
  }),
});
