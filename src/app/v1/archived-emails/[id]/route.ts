import { emailIdParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { deleteArchivedEmail } from "@/server/archived-emails/delete-archived-email";
import { getArchivedEmail } from "@/server/archived-emails/get-archived-email";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:archive",
    params: emailIdParamsSchema,
    handler: ({ principal, params }) => getArchivedEmail({ principal, emailId: params.id }),
  }),
  DELETE: endpoint({
    auth: "delete:archive",
    params: emailIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteArchivedEmail({ principal, emailId: params.id }),
  }),
});
