import { createExport } from "@/server/ediscovery/create-export";
import { caseIdParamsSchema, createExportSchema } from "@/server/ediscovery/ediscovery.schemas";
import { listExports } from "@/server/ediscovery/list-exports";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    handler: ({ principal, params }) => listExports({ principal, caseId: params.id }),
  }),
  POST: endpoint({
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    rateLimit: "export",
    params: caseIdParamsSchema,
    body: createExportSchema,
    status: 202,
    handler: ({ principal, params, body }) => createExport({ principal, caseId: params.id, input: body }),
  }),
});
