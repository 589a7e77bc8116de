import { cancelExport } from "@/server/ediscovery/cancel-export";
import { caseExportParamsSchema } from "@/server/ediscovery/ediscovery.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    params: caseExportParamsSchema,
    handler: ({ principal, params }) => cancelExport({ principal, caseId: params.id, exportId: params.exportId }),
  }),
});
