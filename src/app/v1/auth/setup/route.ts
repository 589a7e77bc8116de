import { setupSchema } from "@/server/auth/auth.schemas";
import { setupFirstUser } from "@/server/auth/setup-first-user";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { loginResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Create the first administrator (only while no user exists)",
    response: loginResponse,
    errors: [409],
    auth: "public",
    body: setupSchema,
    status: 201,
    handler: ({ body, ip }) => setupFirstUser({ input: body, ip }),
  }),
});
