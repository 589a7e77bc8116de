import { cancelExport } from "@/server/ediscovery/cancel-export";
import { caseExportParamsSchema } from "@/server/ediscovery/ediscovery.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { exportResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: exportResponse,
    summary: "Cancel a running export",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseExportParamsSchema,
    handler: ({ principal, params }) => cancelExport({ principal, caseId: params.id, exportId: params.exportId }),
  }),
});
