import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { changePassword } from "@/server/users/change-password";
import { changePasswordSchema } from "@/server/users/users.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "authenticated",
    body: changePasswordSchema,
    handler: ({ principal, body }) => changePassword({ principal, input: body }),
  }),
});
