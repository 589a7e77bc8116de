import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createUser } from "@/server/users/create-user";
import { listUsers } from "@/server/users/list-users";
import { createUserSchema } from "@/server/users/users.schemas";
import { userResponse } from "@/server/users/users.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ summary: "List users", response: z.array(userResponse), auth: "read:users", handler: () => listUsers() }),
  POST: endpoint({
    summary: "Create a user",
    response: userResponse,
    errors: [404, 409],
    auth: "manage:all",
    body: createUserSchema,
    status: 201,
    handler: ({ principal, body }) => createUser({ actor: principal.actor, input: body }),
  }),
});
