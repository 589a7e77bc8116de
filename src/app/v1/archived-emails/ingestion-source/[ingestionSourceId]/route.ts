import { emailListQuerySchema, sourceEmailsParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { listEmailsBySource } from "@/server/archived-emails/list-emails-by-source";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { archivedEmailPageResponse } from "@/server/archived-emails/archived-emails.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Page through a source's archived emails, newest first",
    response: archivedEmailPageResponse,
    errors: [404],
    auth: "read:archive",
    params: sourceEmailsParamsSchema,
    query: emailListQuerySchema,
    handler: ({ principal, params, query }) =>
      listEmailsBySource({ principal, sourceId: params.ingestionSourceId, page: query.page, limit: query.limit }),
  }),
});
