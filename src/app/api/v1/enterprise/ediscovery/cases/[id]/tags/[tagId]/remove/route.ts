import { caseTagParamsSchema, removeTagSchema } from "@/server/ediscovery/ediscovery.schemas";
import { removeTag } from "@/server/ediscovery/remove-tag";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { tagRemovalResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: tagRemovalResponse,
    summary: "Remove a tag from emails",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseTagParamsSchema,
    body: removeTagSchema,
    handler: ({ principal, params, body }) => removeTag({ principal, caseId: params.id, tagId: params.tagId, emailIds: body.emailIds }),
  }),
});
