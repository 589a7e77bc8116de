import { z } from "zod";
import { createTag } from "@/server/ediscovery/create-tag";
import { listTags } from "@/server/ediscovery/list-tags";
import { caseIdParamsSchema, createTagSchema } from "@/server/ediscovery/ediscovery.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { tagResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: z.array(tagResponse),
    summary: "List a case's review tags",
    errors: [404],
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    handler: ({ principal, params }) => listTags({ principal, caseId: params.id }),
  }),
  POST: endpoint({
    response: tagResponse,
    summary: "Create a review tag",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    body: createTagSchema,
    status: 201,
    handler: ({ principal, params, body }) => createTag({ principal, caseId: params.id, name: body.name }),
  }),
});
