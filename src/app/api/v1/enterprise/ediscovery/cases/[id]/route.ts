import { deleteCase } from "@/server/ediscovery/delete-case";
import { caseIdParamsSchema, updateCaseSchema } from "@/server/ediscovery/ediscovery.schemas";
import { getCase } from "@/server/ediscovery/get-case";
import { updateCase } from "@/server/ediscovery/update-case";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { caseDetailResponse, caseResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: caseDetailResponse,
    summary: "Read a case",
    errors: [404],
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    handler: ({ principal, params }) => getCase({ principal, id: params.id }),
  }),
  PUT: endpoint({
    response: caseResponse,
    summary: "Change a case",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    body: updateCaseSchema,
    handler: ({ principal, params, body }) => updateCase({ principal, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    summary: "Delete a case",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteCase({ principal, id: params.id }),
  }),
});
