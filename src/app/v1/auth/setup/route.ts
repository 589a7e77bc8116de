import { setupRequestSchema } from "@/server/auth/auth.schemas";
import { setupFirstUser } from "@/server/auth/setup-first-user";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { loginResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Create the first administrator (only while no user exists), with the one-time setup token the server printed on its console",
    response: loginResponse,
    errors: [403, 409],
    auth: "public",
    body: setupRequestSchema,
    status: 201,
    handler: ({ body: { setupToken, ...input }, ip }) => setupFirstUser({ input, ip, via: { setupToken } }),
  }),
});
