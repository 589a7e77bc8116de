import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { bulkApplyHold } from "@/server/legal-holds/bulk-apply-hold";
import { bulkApplySchema, holdIdParamsSchema } from "@/server/legal-holds/legal-holds.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    rateLimit: "bulkApply",
    params: holdIdParamsSchema,
    body: bulkApplySchema,
    handler: ({ principal, params, body }) => bulkApplyHold({ principal, id: params.id, query: body.searchQuery }),
  }),
});
