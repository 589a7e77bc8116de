import { unsearchableQuerySchema } from "@/server/archived-emails/archived-emails.schemas";
import { listUnsearchable } from "@/server/archived-emails/list-unsearchable";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { unsearchablePageResponse } from "@/server/archived-emails/archived-emails.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: unsearchablePageResponse,
    summary: "Emails whose text could not be indexed, and why",
    auth: "read:archive",
    query: unsearchableQuerySchema,
    handler: ({ principal, query }) => listUnsearchable({ principal, page: query.page, limit: query.limit }),
  }),
});
