import { z } from "zod";
import { operation } from "../api/operation";
import { createRole } from "./create-role";
import { deleteRole } from "./delete-role";
import { getRole } from "./get-role";
import { listRoles } from "./list-roles";
import { roleResponse } from "./roles.responses";
import { createRoleSchema, roleIdParamsSchema, updateRoleSchema } from "./roles.schemas";
import { updateRole } from "./update-role";

const readUsers = { permission: "read:users" } as const;
const manageAll = { permission: "manage:all" } as const;

export const listRolesOperation = operation({
  summary: "List roles",
  access: readUsers,
  response: z.array(roleResponse),
  handler: () => listRoles(),
});

export const getRoleOperation = operation({
  summary: "Read a role",
  access: readUsers,
  params: roleIdParamsSchema,
  response: roleResponse,
  errors: [404],
  handler: ({ params }) => getRole({ id: params.id }),
});

export const createRoleOperation = operation({
  summary: "Create a role",
  access: manageAll,
  body: createRoleSchema,
  response: roleResponse,
  status: 201,
  errors: [409],
  handler: ({ principal, body }) => createRole({ actor: principal.actor, input: body }),
});

export const updateRoleOperation = operation({
  summary: "Change a role",
  access: manageAll,
  params: roleIdParamsSchema,
  body: updateRoleSchema,
  response: roleResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => updateRole({ actor: principal.actor, id: params.id, input: body }),
});

export const deleteRoleOperation = operation({
  summary: "Delete a role no user holds",
  access: manageAll,
  params: roleIdParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => deleteRole({ actor: principal.actor, id: params.id }),
});
