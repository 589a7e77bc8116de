import { enableTotp } from "@/server/auth/mfa/enable-totp";
import { enableTotpSchema } from "@/server/auth/mfa/mfa.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { recoveryCodesResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Confirm the TOTP secret with a code; answers ten single-use recovery codes",
    response: recoveryCodesResponse,
    errors: [404, 409],
    auth: "authenticated",
    duringMfaEnrolment: true,
    body: enableTotpSchema,
    handler: ({ principal, body }) => enableTotp({ principal, input: body }),
  }),
});
