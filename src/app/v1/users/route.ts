import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createUser } from "@/server/users/create-user";
import { listUsers } from "@/server/users/list-users";
import { createUserSchema } from "@/server/users/users.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "read:users", handler: () => listUsers() }),
  POST: endpoint({
    auth: "manage:all",
    body: createUserSchema,
    status: 201,
    handler: ({ principal, body }) => createUser({ actor: principal.actor, input: body }),
  }),
});
