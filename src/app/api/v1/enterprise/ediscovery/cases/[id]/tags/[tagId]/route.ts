import { deleteTag } from "@/server/ediscovery/delete-tag";
import { caseTagParamsSchema } from "@/server/ediscovery/ediscovery.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  DELETE: endpoint({
    summary: "Delete a review tag",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseTagParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteTag({ principal, caseId: params.id, tagId: params.tagId }),
  }),
});
