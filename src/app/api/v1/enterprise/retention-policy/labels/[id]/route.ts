import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteLabel } from "@/server/retention-labels/delete-label";
import { getLabel } from "@/server/retention-labels/get-label";
import { labelIdParamsSchema, updateLabelSchema } from "@/server/retention-labels/retention-labels.schemas";
import { updateLabel } from "@/server/retention-labels/update-label";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: labelIdParamsSchema,
    handler: ({ params }) => getLabel({ id: params.id }),
  }),
  PUT: endpoint({
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: labelIdParamsSchema,
    body: updateLabelSchema,
    handler: ({ principal, params, body }) => updateLabel({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: labelIdParamsSchema,
    handler: ({ principal, params }) => deleteLabel({ actor: principal.actor, id: params.id }),
  }),
});
