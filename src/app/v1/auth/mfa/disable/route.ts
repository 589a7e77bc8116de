import { disableMfa } from "@/server/auth/mfa/disable-mfa";
import { disableMfaSchema } from "@/server/auth/mfa/mfa.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({ auth: "authenticated", body: disableMfaSchema, handler: ({ principal, body }) => disableMfa({ principal, input: body }) }),
});
