import { deleteSavedSearch } from "@/server/ediscovery/delete-saved-search";
import { caseSearchParamsSchema, updateSavedSearchSchema } from "@/server/ediscovery/ediscovery.schemas";
import { getSavedSearch } from "@/server/ediscovery/get-saved-search";
import { updateSavedSearch } from "@/server/ediscovery/update-saved-search";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { savedSearchResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: savedSearchResponse,
    summary: "Read a saved search",
    errors: [404],
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseSearchParamsSchema,
    handler: ({ principal, params }) => getSavedSearch({ principal, caseId: params.id, searchId: params.searchId }),
  }),
  PUT: endpoint({
    response: savedSearchResponse,
    summary: "Change a saved search",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseSearchParamsSchema,
    body: updateSavedSearchSchema,
    handler: ({ principal, params, body }) => updateSavedSearch({ principal, caseId: params.id, searchId: params.searchId, input: body }),
  }),
  DELETE: endpoint({
    summary: "Delete a saved search",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseSearchParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteSavedSearch({ principal, caseId: params.id, searchId: params.searchId }),
  }),
});
