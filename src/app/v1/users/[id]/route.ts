import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteUser } from "@/server/users/delete-user";
import { getUser } from "@/server/users/get-user";
import { updateUser } from "@/server/users/update-user";
import { updateUserSchema, userIdParamsSchema } from "@/server/users/users.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "read:users", params: userIdParamsSchema, handler: ({ params }) => getUser({ id: params.id }) }),
  PUT: endpoint({
    auth: "manage:all",
    params: userIdParamsSchema,
    body: updateUserSchema,
    handler: ({ principal, params, body }) => updateUser({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    auth: "manage:all",
    params: userIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteUser({ actor: principal.actor, id: params.id }),
  }),
});
