import { downloadExport } from "@/server/ediscovery/download-export";
import { caseExportParamsSchema } from "@/server/ediscovery/ediscovery.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Download a finished export (ZIP)",
    produces: "application/zip",
    errors: [404, 409],
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    rateLimit: "export",
    params: caseExportParamsSchema,
    handler: ({ principal, params }) => downloadExport({ principal, caseId: params.id, exportId: params.exportId }),
  }),
});
