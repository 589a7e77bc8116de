import { emailIdParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { deleteArchivedEmail } from "@/server/archived-emails/delete-archived-email";
import { getArchivedEmail } from "@/server/archived-emails/get-archived-email";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { archivedEmailResponse } from "@/server/archived-emails/archived-emails.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Read an archived email with its attachments and thread",
    response: archivedEmailResponse,
    errors: [404],
    auth: "read:archive",
    params: emailIdParamsSchema,
    handler: ({ principal, params }) => getArchivedEmail({ principal, emailId: params.id }),
  }),
  DELETE: endpoint({
    summary: "Delete an archived email permanently",
    errors: [403, 404, 409],
    auth: "delete:archive",
    params: emailIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteArchivedEmail({ principal, emailId: params.id }),
  }),
});
