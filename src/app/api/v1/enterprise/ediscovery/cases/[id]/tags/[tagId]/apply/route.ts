import { applyTag } from "@/server/ediscovery/apply-tag";
import { applyTagSchema, caseTagParamsSchema } from "@/server/ediscovery/ediscovery.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { tagApplicationResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: tagApplicationResponse,
    summary: "Tag emails, by id or by saved search",
    errors: [404, 409, 503],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    rateLimit: "bulkApply",
    params: caseTagParamsSchema,
    body: applyTagSchema,
    handler: ({ principal, params, body }) => applyTag({ principal, caseId: params.id, tagId: params.tagId, input: body }),
  }),
});
