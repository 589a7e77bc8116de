import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { requestImapSync } from "@/server/imap/request-imap-sync";
import { sourceIdParamsSchema } from "@/server/ingestion-sources/ingestion-sources.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "manage:ingestion",
    params: sourceIdParamsSchema,
    status: 202,
    handler: ({ principal, params }) => requestImapSync({ actor: principal.actor, sourceId: params.id }),
  }),
});
