import { emailIdParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { readRawEmail } from "@/server/archived-emails/read-raw-email";
import { fileResponse } from "@/server/http/file-response";
import { routeMethods } from "@/server/http/rest-endpoint";
import { sessionEndpoint } from "@/server/http/session-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: sessionEndpoint({
    permission: "read:archive",
    params: emailIdParamsSchema,
    changesState: false,
    handler: async ({ principal, params }) => fileResponse(await readRawEmail({ principal, emailId: params.id })),
  }),
});
