import { downloadExport } from "@/server/ediscovery/download-export";
import { caseExportParamsSchema } from "@/server/ediscovery/ediscovery.schemas";
import { routeMethods } from "@/server/http/rest-endpoint";
import { sessionEndpoint } from "@/server/http/session-endpoint";
import { assertFeatureEnabled } from "@/server/license/license";

/** The case workspace's download link: the REST download, authenticated by the session cookie. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: sessionEndpoint({
    permission: "read:ediscovery",
    params: caseExportParamsSchema,
    changesState: false,
    rateLimit: "export",
    handler: async ({ principal, params }) => {
      assertFeatureEnabled("EDISCOVERY");
      return downloadExport({ principal, caseId: params.id, exportId: params.exportId });
    },
  }),
});
