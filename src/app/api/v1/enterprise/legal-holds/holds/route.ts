import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createHold } from "@/server/legal-holds/create-hold";
import { createHoldSchema } from "@/server/legal-holds/legal-holds.schemas";
import { listHolds } from "@/server/legal-holds/list-holds";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "manage:all", feature: "LEGAL_HOLDS", handler: () => listHolds() }),
  POST: endpoint({
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    body: createHoldSchema,
    status: 201,
    handler: ({ principal, body }) => createHold({ actor: principal.actor, input: body }),
  }),
});
