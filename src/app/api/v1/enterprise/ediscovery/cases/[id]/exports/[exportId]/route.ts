import { caseExportParamsSchema } from "@/server/ediscovery/ediscovery.schemas";
import { getExport } from "@/server/ediscovery/get-export";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { exportResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: exportResponse,
    summary: "Read an export's state",
    errors: [404],
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseExportParamsSchema,
    handler: ({ principal, params }) => getExport({ principal, caseId: params.id, exportId: params.exportId }),
  }),
});
