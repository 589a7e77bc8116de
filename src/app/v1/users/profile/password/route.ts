import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { changePassword } from "@/server/users/change-password";
import { changePasswordSchema } from "@/server/users/users.schemas";
import { messageResponse } from "@/server/http/openapi/response-fields";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Change the caller's password",
    response: messageResponse,
    errors: [403, 429],
    auth: "authenticated",
    body: changePasswordSchema,
    handler: ({ principal, body }) => changePassword({ principal, input: body }),
  }),
});
