import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteUser } from "@/server/users/delete-user";
import { getUser } from "@/server/users/get-user";
import { updateUser } from "@/server/users/update-user";
import { updateUserSchema, userIdParamsSchema } from "@/server/users/users.schemas";
import { userResponse } from "@/server/users/users.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Read a user",
    response: userResponse,
    errors: [404],
    auth: "read:users",
    params: userIdParamsSchema,
    handler: ({ params }) => getUser({ id: params.id }),
  }),
  PUT: endpoint({
    summary: "Change a user",
    response: userResponse,
    errors: [404, 409, 429],
    auth: "manage:all",
    params: userIdParamsSchema,
    body: updateUserSchema,
    handler: ({ principal, params, body }) => updateUser({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    summary: "Delete a user (never the last one)",
    errors: [404, 409],
    auth: "manage:all",
    params: userIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteUser({ actor: principal.actor, id: params.id }),
  }),
});
