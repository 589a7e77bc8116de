import { createSavedSearch } from "@/server/ediscovery/create-saved-search";
import { caseIdParamsSchema, savedSearchSchema } from "@/server/ediscovery/ediscovery.schemas";
import { listSavedSearches } from "@/server/ediscovery/list-saved-searches";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    handler: ({ principal, params }) => listSavedSearches({ principal, caseId: params.id }),
  }),
  POST: endpoint({
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    body: savedSearchSchema,
    status: 201,
    handler: ({ principal, params, body }) => createSavedSearch({ principal, caseId: params.id, input: body }),
  }),
});
