import { caseSearchParamsSchema } from "@/server/ediscovery/ediscovery.schemas";
import { runSavedSearch } from "@/server/ediscovery/run-saved-search";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { savedSearchRunResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: savedSearchRunResponse,
    summary: "Run a saved search",
    errors: [404, 503],
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    rateLimit: "search",
    params: caseSearchParamsSchema,
    handler: ({ principal, params }) => runSavedSearch({ principal, caseId: params.id, searchId: params.searchId }),
  }),
});
