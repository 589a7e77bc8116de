import { loginSchema } from "@/server/auth/auth.schemas";
import { login } from "@/server/auth/login";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { loginResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Sign in with email and password for an access token",
    response: loginResponse,
    errors: [401, 429],
    auth: "public",
    body: loginSchema,
    handler: ({ body, ip }) => login({ input: body, ip }),
  }),
});
