import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getUser } from "@/server/users/get-user";
import { updateProfile } from "@/server/users/update-profile";
import { updateProfileSchema } from "@/server/users/users.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "authenticated", handler: ({ principal }) => getUser({ id: principal.userId }) }),
  PATCH: endpoint({
    auth: "authenticated",
    body: updateProfileSchema,
    handler: ({ principal, body }) => updateProfile({ principal, input: body }),
  }),
});
