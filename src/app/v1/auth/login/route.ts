import { loginSchema } from "@/server/auth/auth.schemas";
import { login } from "@/server/auth/login";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { loginOrMfaResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Sign in with email and password for an access token (or, with two-factor authentication, an mfaToken for the code step)",
    response: loginOrMfaResponse,
    errors: [401, 403, 429, 503],
    auth: "public",
    body: loginSchema,
    handler: ({ body, ip }) => login({ input: body, ip }),
  }),
});
