import { emailListQuerySchema, sourceEmailsParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { listEmailsBySource } from "@/server/archived-emails/list-emails-by-source";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:archive",
    params: sourceEmailsParamsSchema,
    query: emailListQuerySchema,
    handler: ({ principal, params, query }) =>
      listEmailsBySource({ principal, sourceId: params.ingestionSourceId, page: query.page, limit: query.limit }),
  }),
});
