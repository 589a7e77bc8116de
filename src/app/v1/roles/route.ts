import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createRole } from "@/server/roles/create-role";
import { listRoles } from "@/server/roles/list-roles";
import { createRoleSchema } from "@/server/roles/roles.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "read:users", handler: () => listRoles() }),
  POST: endpoint({
    auth: "manage:all",
    body: createRoleSchema,
    status: 201,
    handler: ({ principal, body }) => createRole({ actor: principal.actor, input: body }),
  }),
});
