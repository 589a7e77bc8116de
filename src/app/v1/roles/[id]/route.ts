import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteRole } from "@/server/roles/delete-role";
import { getRole } from "@/server/roles/get-role";
import { roleIdParamsSchema, updateRoleSchema } from "@/server/roles/roles.schemas";
import { updateRole } from "@/server/roles/update-role";
import { roleResponse } from "@/server/roles/roles.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "Read a role",
    response: roleResponse,
    errors: [404],
    auth: "read:users",
    params: roleIdParamsSchema,
    handler: ({ params }) => getRole({ id: params.id }),
  }),
  PUT: endpoint({
    summary: "Change a role",
    response: roleResponse,
    errors: [404, 409],
    auth: "manage:all",
    params: roleIdParamsSchema,
    body: updateRoleSchema,
    handler: ({ principal, params, body }) => updateRole({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    summary: "Delete a role no user holds",
    errors: [404, 409],
    auth: "manage:all",
    params: roleIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteRole({ actor: principal.actor, id: params.id }),
  }),
});
