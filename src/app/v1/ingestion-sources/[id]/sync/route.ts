import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { requestImapSync } from "@/server/imap/request-imap-sync";
import { sourceIdParamsSchema } from "@/server/ingestion-sources/ingestion-sources.schemas";
import { syncRequestResponse } from "@/server/ingestion-sources/ingestion-sources.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: syncRequestResponse,
    summary: "Queue an IMAP sync of the source",
    errors: [404, 409],
    auth: "manage:ingestion",
    params: sourceIdParamsSchema,
    status: 202,
    handler: ({ principal, params }) => requestImapSync({ actor: principal.actor, sourceId: params.id }),
  }),
});
