import { loginSchema } from "@/server/auth/auth.schemas";
import { login } from "@/server/auth/login";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "public",
    body: loginSchema,
    handler: ({ body, ip }) => login({ input: body, ip }),
  }),
});
