import { loginWithMfa } from "@/server/auth/mfa/login-with-mfa";
import { loginMfaSchema } from "@/server/auth/mfa/mfa.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({ auth: "public", body: loginMfaSchema, handler: ({ body, ip }) => loginWithMfa({ input: body, ip }) }),
});
