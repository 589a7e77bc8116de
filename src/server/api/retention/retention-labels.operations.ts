import { z } from "zod";
import { operation } from "../operation";
import { messageResponse } from "../../platform/validation/response-fields";
import { applyLabelToEmail } from "../../retention/labels/apply-label-to-email";
import { createLabel } from "../../retention/labels/create-label";
import { deleteLabel } from "../../retention/labels/delete-label";
import { getEmailLabel } from "../../retention/labels/get-email-label";
import { getLabel } from "../../retention/labels/get-label";
import { listApplicableLabels } from "../../retention/labels/list-applicable-labels";
import { listLabels } from "../../retention/labels/list-labels";
import { removeLabelFromEmail } from "../../retention/labels/remove-label-from-email";
import { deleteLabelResponse, emailLabelResponse, retentionLabelResponse } from "../../retention/labels/retention-labels.responses";
import {
  applyLabelSchema,
  createLabelSchema,
  labelEmailParamsSchema,
  labelIdParamsSchema,
  updateLabelSchema,
} from "../../retention/labels/retention-labels.schemas";
import { updateLabel } from "../../retention/labels/update-label";

const manageRetention = { permission: "manage:retention", feature: "RETENTION_POLICY" } as const;
/** Putting a label on an email or taking it off shortens or lengthens its life: the archive's delete permission. */
const labelEmails = { permission: "delete:archive", feature: "RETENTION_POLICY" } as const;

export const listLabelsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/labels" },
  summary: "List retention labels, oldest first",
  access: manageRetention,
  response: z.array(retentionLabelResponse),
  handler: () => listLabels(),
});

export const getLabelOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/labels/{id}" },
  summary: "Read a retention label",
  access: manageRetention,
  params: labelIdParamsSchema,
  response: retentionLabelResponse,
  errors: [404],
  handler: ({ params }) => getLabel({ id: params.id }),
});

export const createLabelOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/retention-policy/labels" },
  summary: "Create a retention label",
  access: manageRetention,
  body: createLabelSchema,
  response: retentionLabelResponse,
  status: 201,
  errors: [404, 409],
  handler: ({ principal, body }) => createLabel({ actor: principal.actor, input: body }),
});

export const updateLabelOperation = operation({
  rest: { method: "PUT", path: "/api/v1/enterprise/retention-policy/labels/{id}" },
  summary: "Change a retention label",
  access: manageRetention,
  params: labelIdParamsSchema,
  body: updateLabelSchema,
  response: retentionLabelResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => updateLabel({ actor: principal.actor, id: params.id, input: body }),
});

export const deleteLabelOperation = operation({
  rest: { method: "DELETE", path: "/api/v1/enterprise/retention-policy/labels/{id}" },
  summary: "Delete a label never applied, else disable it",
  access: manageRetention,
  params: labelIdParamsSchema,
  response: deleteLabelResponse,
  errors: [404],
  handler: ({ principal, params }) => deleteLabel({ actor: principal.actor, id: params.id }),
});

export const getEmailLabelOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/email/{emailId}/label" },
  summary: "Read the label applied to an email (null when none)",
  access: { permission: "read:archive", feature: "RETENTION_POLICY" },
  params: labelEmailParamsSchema,
  response: emailLabelResponse.nullable(),
  errors: [404],
  handler: ({ principal, params }) => getEmailLabel({ principal, emailId: params.emailId }),
});

/** UI only (no REST route): the enabled labels, for choosing one to apply; the full list is for manage:retention. */
export const listApplicableLabelsOperation = operation({
  summary: "List the labels a caller may apply to an email",
  access: labelEmails,
  handler: () => listApplicableLabels(),
});

export const applyLabelToEmailOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/retention-policy/email/{emailId}/label" },
  summary: "Apply a label to an email, replacing any earlier one",
  access: labelEmails,
  params: labelEmailParamsSchema,
  body: applyLabelSchema,
  response: emailLabelResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => applyLabelToEmail({ principal, emailId: params.emailId, labelId: body.labelId }),
});

export const removeLabelFromEmailOperation = operation({
  rest: { method: "DELETE", path: "/api/v1/enterprise/retention-policy/email/{emailId}/label" },
  summary: "Remove the label from an email",
  access: labelEmails,
  params: labelEmailParamsSchema,
  response: messageResponse,
  errors: [404],
  handler: ({ principal, params }) => removeLabelFromEmail({ principal, emailId: params.emailId }),
});
