import { loginWithMfa } from "@/server/auth/mfa/login-with-mfa";
import { loginMfaSchema } from "@/server/auth/mfa/mfa.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { loginResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Second sign-in step: the mfaToken with a TOTP or recovery code, answered like a login",
    response: loginResponse,
    errors: [401, 429],
    auth: "public",
    body: loginMfaSchema,
    handler: ({ body, ip }) => loginWithMfa({ input: body, ip }),
  }),
});
