import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createHold } from "@/server/legal-holds/create-hold";
import { createHoldSchema } from "@/server/legal-holds/legal-holds.schemas";
import { listHolds } from "@/server/legal-holds/list-holds";
import { legalHoldResponse } from "@/server/legal-holds/legal-holds.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "List legal holds, oldest first, each with its email count",
    response: z.array(legalHoldResponse),
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    handler: () => listHolds(),
  }),
  POST: endpoint({
    summary: "Create a legal hold",
    response: legalHoldResponse,
    errors: [404, 409],
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    body: createHoldSchema,
    status: 201,
    handler: ({ principal, body }) => createHold({ actor: principal.actor, input: body }),
  }),
});
