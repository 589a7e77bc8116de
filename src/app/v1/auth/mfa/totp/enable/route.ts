import { enableTotp } from "@/server/auth/mfa/enable-totp";
import { enableTotpSchema } from "@/server/auth/mfa/mfa.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({ auth: "authenticated", body: enableTotpSchema, handler: ({ principal, body }) => enableTotp({ principal, input: body }) }),
});
