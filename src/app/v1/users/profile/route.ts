import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getUser } from "@/server/users/get-user";
import { updateProfile } from "@/server/users/update-profile";
import { updateProfileSchema } from "@/server/users/users.schemas";
import { userResponse } from "@/server/users/users.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "The caller's own user",
    response: userResponse,
    auth: "authenticated",
    handler: ({ principal }) => getUser({ id: principal.userId }),
  }),
  PATCH: endpoint({
    summary: "Change the caller's own name or email",
    response: userResponse,
    errors: [403, 409, 429],
    auth: "authenticated",
    body: updateProfileSchema,
    handler: ({ principal, body }) => updateProfile({ principal, input: body }),
  }),
});
