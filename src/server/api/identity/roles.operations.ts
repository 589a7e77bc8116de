import { z } from "zod";
import { operation } from "../operation";
import { createRole } from "../../identity/roles/create-role";
import { deleteRole } from "../../identity/roles/delete-role";
import { getRole } from "../../identity/roles/get-role";
import { listConditionValues } from "../../identity/roles/list-condition-values";
import { listRoles } from "../../identity/roles/list-roles";
import { conditionValuesResponse, roleResponse } from "../../identity/roles/roles.responses";
import { createRoleSchema, roleIdParamsSchema, updateRoleSchema } from "../../identity/roles/roles.schemas";
import { updateRole } from "../../identity/roles/update-role";

const readUsers = { permission: "read:users" } as const;
const manageUsers = { permission: "manage:users" } as const;

export const listRolesOperation = operation({
  rest: { method: "GET", path: "/v1/roles" },
  summary: "List roles",
  access: readUsers,
  response: z.array(roleResponse),
  handler: () => listRoles(),
});

export const getRoleOperation = operation({
  rest: { method: "GET", path: "/v1/roles/{id}" },
  summary: "Read a role",
  access: readUsers,
  params: roleIdParamsSchema,
  response: roleResponse,
  errors: [404],
  handler: ({ params }) => getRole({ id: params.id }),
});

export const createRoleOperation = operation({
  rest: { method: "POST", path: "/v1/roles" },
  summary: "Create a role",
  access: manageUsers,
  body: createRoleSchema,
  response: roleResponse,
  status: 201,
  errors: [409],
  handler: ({ principal, body }) => createRole({ actor: principal.actor, grantor: principal.ability, input: body }),
});

export const updateRoleOperation = operation({
  rest: { method: "PUT", path: "/v1/roles/{id}" },
  summary: "Change a role",
  access: manageUsers,
  params: roleIdParamsSchema,
  body: updateRoleSchema,
  response: roleResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => updateRole({ actor: principal.actor, grantor: principal.ability, id: params.id, input: body }),
});

export const deleteRoleOperation = operation({
  rest: { method: "DELETE", path: "/v1/roles/{id}" },
  summary: "Delete a role no user holds (only one granting nothing beyond the caller's own role)",
  access: manageUsers,
  params: roleIdParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => deleteRole({ actor: principal.actor, grantor: principal.ability, id: params.id }),
});

/** UI only (no REST route): the mailboxes and sources the role form suggests for conditions; for whoever may change roles. */
export const listConditionValuesOperation = operation({
  summary: "Mailboxes and sources to scope role conditions with",
  access: manageUsers,
  response: conditionValuesResponse,
  handler: () => listConditionValues(),
});
