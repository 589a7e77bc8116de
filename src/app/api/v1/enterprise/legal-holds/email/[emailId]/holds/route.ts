import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { applyHoldToEmail } from "@/server/legal-holds/apply-hold-to-email";
import { applyHoldSchema, emailIdParamsSchema } from "@/server/legal-holds/legal-holds.schemas";
import { listEmailHolds } from "@/server/legal-holds/list-email-holds";
import { holdLinkResponse } from "@/server/legal-holds/legal-holds.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "List the holds applied to an email",
    response: z.array(holdLinkResponse),
    errors: [404],
    auth: "read:archive",
    feature: "LEGAL_HOLDS",
    params: emailIdParamsSchema,
    handler: ({ principal, params }) => listEmailHolds({ principal, emailId: params.emailId }),
  }),
  POST: endpoint({
    summary: "Apply a hold to an email (idempotent)",
    response: holdLinkResponse,
    errors: [404, 409],
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: emailIdParamsSchema,
    body: applyHoldSchema,
    handler: ({ principal, params, body }) => applyHoldToEmail({ principal, emailId: params.emailId, holdId: body.holdId }),
  }),
});
