import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { applyLabelToEmail } from "@/server/retention-labels/apply-label-to-email";
import { getEmailLabel } from "@/server/retention-labels/get-email-label";
import { removeLabelFromEmail } from "@/server/retention-labels/remove-label-from-email";
import { applyLabelSchema, labelEmailParamsSchema } from "@/server/retention-labels/retention-labels.schemas";
import { emailLabelResponse } from "@/server/retention-labels/retention-labels.responses";
import { messageResponse } from "@/server/http/openapi/response-fields";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Read the label applied to an email (null when none)",
    response: emailLabelResponse.nullable(),
    errors: [404],
    auth: "read:archive",
    feature: "RETENTION_POLICY",
    params: labelEmailParamsSchema,
    handler: ({ principal, params }) => getEmailLabel({ principal, emailId: params.emailId }),
  }),
  POST: endpoint({
    summary: "Apply a label to an email, replacing any earlier one",
    response: emailLabelResponse,
    errors: [404, 409],
    auth: "delete:archive",
    feature: "RETENTION_POLICY",
    params: labelEmailParamsSchema,
    body: applyLabelSchema,
    handler: ({ principal, params, body }) => applyLabelToEmail({ principal, emailId: params.emailId, labelId: body.labelId }),
  }),
  DELETE: endpoint({
    summary: "Remove the label from an email",
    response: messageResponse,
    errors: [404],
    auth: "delete:archive",
    feature: "RETENTION_POLICY",
    params: labelEmailParamsSchema,
    handler: ({ principal, params }) => removeLabelFromEmail({ principal, emailId: params.emailId }),
  }),
});
