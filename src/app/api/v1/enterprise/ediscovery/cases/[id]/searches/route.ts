import { z } from "zod";
import { createSavedSearch } from "@/server/ediscovery/create-saved-search";
import { caseIdParamsSchema, savedSearchSchema } from "@/server/ediscovery/ediscovery.schemas";
import { listSavedSearches } from "@/server/ediscovery/list-saved-searches";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { savedSearchResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: z.array(savedSearchResponse),
    summary: "List a case's saved searches",
    errors: [404],
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    handler: ({ principal, params }) => listSavedSearches({ principal, caseId: params.id }),
  }),
  POST: endpoint({
    response: savedSearchResponse,
    summary: "Save a search in a case",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    body: savedSearchSchema,
    status: 201,
    handler: ({ principal, params, body }) => createSavedSearch({ principal, caseId: params.id, input: body }),
  }),
});
