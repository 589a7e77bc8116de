import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteHold } from "@/server/legal-holds/delete-hold";
import { getHold } from "@/server/legal-holds/get-hold";
import { holdIdParamsSchema, updateHoldSchema } from "@/server/legal-holds/legal-holds.schemas";
import { updateHold } from "@/server/legal-holds/update-hold";
import { legalHoldResponse } from "@/server/legal-holds/legal-holds.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Read a legal hold",
    response: legalHoldResponse,
    errors: [404],
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: holdIdParamsSchema,
    handler: ({ params }) => getHold({ id: params.id }),
  }),
  PUT: endpoint({
    summary: "Change a legal hold's name, reason, case or active state",
    response: legalHoldResponse,
    errors: [404, 409],
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: holdIdParamsSchema,
    body: updateHoldSchema,
    handler: ({ principal, params, body }) => updateHold({ principal, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    summary: "Delete an inactive legal hold and its links",
    errors: [404, 409],
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: holdIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteHold({ principal, id: params.id }),
  }),
});
