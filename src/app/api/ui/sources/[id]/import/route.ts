import { jsonResponse } from "@/server/http/error-response";
import { routeMethods } from "@/server/http/rest-endpoint";
import { sessionEndpoint } from "@/server/http/session-endpoint";
import { importQuerySchema, sourceIdParamsSchema } from "@/server/ingestion-sources/ingestion-sources.schemas";
import { importUpload } from "@/server/ingestion/import-upload";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: sessionEndpoint({
    permission: "manage:ingestion",
    params: sourceIdParamsSchema,
    query: importQuerySchema,
    changesState: true,
    rateLimit: "import",
    handler: async ({ principal, params, query, request }) => {
      const summary = await importUpload({
        principal,
        sourceId: params.id,
        userEmail: query.userEmail,
        contentType: request.headers.get("content-type"),
        body: request.body,
      });
      return jsonResponse(summary, 200);
    },
  }),
});
