import { setupSchema } from "@/server/auth/auth.schemas";
import { setupFirstUser } from "@/server/auth/setup-first-user";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "public",
    body: setupSchema,
    status: 201,
    handler: ({ body, ip }) => setupFirstUser({ input: body, ip }),
  }),
});
