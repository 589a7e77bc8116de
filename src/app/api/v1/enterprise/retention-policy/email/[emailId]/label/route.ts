import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { applyLabelToEmail } from "@/server/retention-labels/apply-label-to-email";
import { getEmailLabel } from "@/server/retention-labels/get-email-label";
import { removeLabelFromEmail } from "@/server/retention-labels/remove-label-from-email";
import { applyLabelSchema, labelEmailParamsSchema } from "@/server/retention-labels/retention-labels.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:archive",
    feature: "RETENTION_POLICY",
    params: labelEmailParamsSchema,
    handler: ({ principal, params }) => getEmailLabel({ principal, emailId: params.emailId }),
  }),
  POST: endpoint({
    auth: "delete:archive",
    feature: "RETENTION_POLICY",
    params: labelEmailParamsSchema,
    body: applyLabelSchema,
    handler: ({ principal, params, body }) => applyLabelToEmail({ principal, emailId: params.emailId, labelId: body.labelId }),
  }),
  DELETE: endpoint({
    auth: "delete:archive",
    feature: "RETENTION_POLICY",
    params: labelEmailParamsSchema,
    handler: ({ principal, params }) => removeLabelFromEmail({ principal, emailId: params.emailId }),
  }),
});
