import { emailIdParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { readRawEmail } from "@/server/archived-emails/read-raw-email";
import { fileResponse } from "@/server/http/file-response";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Download an email's original bytes (RFC 822)",
    produces: "message/rfc822",
    errors: [404],
    auth: "read:archive",
    params: emailIdParamsSchema,
    handler: async ({ principal, params }) => fileResponse(await readRawEmail({ principal, emailId: params.id })),
  }),
});
