import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { importQuerySchema, sourceIdParamsSchema } from "@/server/ingestion-sources/ingestion-sources.schemas";
import { importUpload } from "@/server/ingestion/import-upload";
import { importSummaryResponse } from "@/server/ingestion-sources/ingestion-sources.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: importSummaryResponse,
    summary: "Import a mailbox file (mbox, EML, ZIP, PST) into the source",
    errors: [400, 404, 409, 413, 415],
    auth: "manage:ingestion",
    rateLimit: "import",
    params: sourceIdParamsSchema,
    query: importQuerySchema,
    rawBody: true,
    handler: ({ principal, params, query, request }) =>
      importUpload({
        principal,
        sourceId: params.id,
        userEmail: query.userEmail,
        contentType: request.headers.get("content-type"),
        body: request.body,
      }),
  }),
});
