import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { emailHoldParamsSchema } from "@/server/legal-holds/legal-holds.schemas";
import { removeHoldFromEmail } from "@/server/legal-holds/remove-hold-from-email";
import { messageResponse } from "@/server/http/openapi/response-fields";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  DELETE: endpoint({
    summary: "Remove a hold from an email",
    response: messageResponse,
    errors: [404],
    auth: "manage:all",
    feature: "LEGAL_HOLDS",
    params: emailHoldParamsSchema,
    handler: ({ principal, params }) => removeHoldFromEmail({ principal, emailId: params.emailId, holdId: params.holdId }),
  }),
});
