import { disableMfa } from "@/server/auth/mfa/disable-mfa";
import { disableMfaSchema } from "@/server/auth/mfa/mfa.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { messageResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Turn off two-factor authentication (password and a current code)",
    response: messageResponse,
    errors: [404, 409, 429],
    auth: "authenticated",
    body: disableMfaSchema,
    handler: ({ principal, body }) => disableMfa({ principal, input: body }),
  }),
});
