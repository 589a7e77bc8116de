import { createTag } from "@/server/ediscovery/create-tag";
import { listTags } from "@/server/ediscovery/list-tags";
import { caseIdParamsSchema, createTagSchema } from "@/server/ediscovery/ediscovery.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    handler: ({ principal, params }) => listTags({ principal, caseId: params.id }),
  }),
  POST: endpoint({
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    body: createTagSchema,
    status: 201,
    handler: ({ principal, params, body }) => createTag({ principal, caseId: params.id, name: body.name }),
  }),
});
