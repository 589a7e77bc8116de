import { unsearchableQuerySchema } from "@/server/archived-emails/archived-emails.schemas";
import { listUnsearchable } from "@/server/archived-emails/list-unsearchable";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:archive",
    query: unsearchableQuerySchema,
    handler: ({ principal, query }) => listUnsearchable({ principal, page: query.page, limit: query.limit }),
  }),
});
