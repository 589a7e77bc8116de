import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteHold } from "@/server/legal-holds/delete-hold";
import { getHold } from "@/server/legal-holds/get-hold";
import { holdIdParamsSchema, updateHoldSchema } from "@/server/legal-holds/legal-holds.schemas";
import { updateHold } from "@/server/legal-holds/update-hold";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: holdIdParamsSchema,
    handler: ({ params }) => getHold({ id: params.id }),
  }),
  PUT: endpoint({
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: holdIdParamsSchema,
    body: updateHoldSchema,
    handler: ({ principal, params, body }) => updateHold({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: holdIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteHold({ actor: principal.actor, id: params.id }),
  }),
});
