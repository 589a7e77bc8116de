import { z } from "zod";
import { createExport } from "@/server/ediscovery/create-export";
import { caseIdParamsSchema, createExportSchema } from "@/server/ediscovery/ediscovery.schemas";
import { listExports } from "@/server/ediscovery/list-exports";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { exportResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: z.array(exportResponse),
    summary: "List a case's exports",
    errors: [404],
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    params: caseIdParamsSchema,
    handler: ({ principal, params }) => listExports({ principal, caseId: params.id }),
  }),
  POST: endpoint({
    response: exportResponse,
    summary: "Start an export of a case's emails",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    rateLimit: "export",
    params: caseIdParamsSchema,
    body: createExportSchema,
    status: 202,
    handler: ({ principal, params, body }) => createExport({ principal, caseId: params.id, input: body }),
  }),
});
