import { setupTotp } from "@/server/auth/mfa/setup-totp";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({ auth: "authenticated", handler: ({ principal }) => setupTotp({ principal }) }),
});
