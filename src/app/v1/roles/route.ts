import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createRole } from "@/server/roles/create-role";
import { listRoles } from "@/server/roles/list-roles";
import { createRoleSchema } from "@/server/roles/roles.schemas";
import { roleResponse } from "@/server/roles/roles.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ summary: "List roles", response: z.array(roleResponse), auth: "read:users", handler: () => listRoles() }),
  POST: endpoint({
    summary: "Create a role",
    response: roleResponse,
    errors: [409],
    auth: "manage:all",
    body: createRoleSchema,
    status: 201,
    handler: ({ principal, body }) => createRole({ actor: principal.actor, input: body }),
  }),
});
