import { attachmentParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { readAttachment } from "@/server/archived-emails/read-attachment";
import { fileResponse } from "@/server/http/file-response";
import { routeMethods } from "@/server/http/rest-endpoint";
import { sessionEndpoint } from "@/server/http/session-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: sessionEndpoint({
    permission: "read:archive",
    params: attachmentParamsSchema,
    changesState: false,
    handler: async ({ principal, params }) =>
      fileResponse(await readAttachment({ principal, emailId: params.id, attachmentId: params.attachmentId })),
  }),
});
