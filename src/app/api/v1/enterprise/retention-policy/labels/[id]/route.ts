import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteLabel } from "@/server/retention-labels/delete-label";
import { getLabel } from "@/server/retention-labels/get-label";
import { labelIdParamsSchema, updateLabelSchema } from "@/server/retention-labels/retention-labels.schemas";
import { updateLabel } from "@/server/retention-labels/update-label";
import { deleteLabelResponse, retentionLabelResponse } from "@/server/retention-labels/retention-labels.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Read a retention label",
    response: retentionLabelResponse,
    errors: [404],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: labelIdParamsSchema,
    handler: ({ params }) => getLabel({ id: params.id }),
  }),
  PUT: endpoint({
    summary: "Change a retention label",
    response: retentionLabelResponse,
    errors: [404, 409],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: labelIdParamsSchema,
    body: updateLabelSchema,
    handler: ({ principal, params, body }) => updateLabel({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    summary: "Delete a label never applied, else disable it",
    response: deleteLabelResponse,
    errors: [404],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: labelIdParamsSchema,
    handler: ({ principal, params }) => deleteLabel({ actor: principal.actor, id: params.id }),
  }),
});
