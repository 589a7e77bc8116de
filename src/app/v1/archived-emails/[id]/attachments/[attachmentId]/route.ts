import { attachmentParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { readAttachment } from "@/server/archived-emails/read-attachment";
import { fileResponse } from "@/server/http/file-response";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Download an attachment",
    produces: "application/octet-stream",
    errors: [404],
    auth: "read:archive",
    params: attachmentParamsSchema,
    handler: async ({ principal, params }) =>
      fileResponse(await readAttachment({ principal, emailId: params.id, attachmentId: params.attachmentId })),
  }),
});
