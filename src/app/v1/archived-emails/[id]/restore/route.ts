import { emailIdParamsSchema } from "@/server/archived-emails/archived-emails.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { restoreArchivedEmail } from "@/server/restore/restore-archived-email";
import { restoreEmailSchema } from "@/server/restore/restore.schemas";
import { restoreResultResponse } from "@/server/restore/restore.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    response: restoreResultResponse,
    summary: "Restore an email to a mailbox over IMAP",
    errors: [404, 409, 502, 503],
    auth: "restore:archive",
    params: emailIdParamsSchema,
    body: restoreEmailSchema,
    handler: ({ principal, params, body }) => restoreArchivedEmail({ principal, emailId: params.id, input: body }),
  }),
});
