import { setupTotp } from "@/server/auth/mfa/setup-totp";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { totpSetupResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Start TOTP enrolment: a new secret and its otpauth URL",
    response: totpSetupResponse,
    errors: [404, 409],
    auth: "authenticated",
    duringMfaEnrolment: true,
    handler: ({ principal }) => setupTotp({ principal }),
  }),
});
