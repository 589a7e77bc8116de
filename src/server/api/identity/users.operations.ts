import { z } from "zod";
import { operation } from "../operation";
import { messageResponse } from "../../platform/validation/response-fields";
import { changePassword } from "../../identity/users/change-password";
import { createUser } from "../../identity/users/create-user";
import { deleteUser } from "../../identity/users/delete-user";
import { getUser } from "../../identity/users/get-user";
import { listUsers } from "../../identity/users/list-users";
import { signOutUser } from "../../identity/users/sign-out-user";
import { updateProfile } from "../../identity/users/update-profile";
import { updateUser } from "../../identity/users/update-user";
import { userResponse } from "../../identity/users/users.responses";
import {
  changePasswordSchema,
  createUserSchema,
  updateProfileSchema,
  updateUserSchema,
  userIdParamsSchema,
} from "../../identity/users/users.schemas";

const readUsers = { permission: "read:users" } as const;
const manageUsers = { permission: "manage:users" } as const;
const authenticated = { permission: "authenticated" } as const;

export const listUsersOperation = operation({
  rest: { method: "GET", path: "/v1/users" },
  summary: "List users",
  access: readUsers,
  response: z.array(userResponse),
  handler: () => listUsers(),
});

export const getUserOperation = operation({
  rest: { method: "GET", path: "/v1/users/{id}" },
  summary: "Read a user",
  access: readUsers,
  params: userIdParamsSchema,
  response: userResponse,
  errors: [404],
  handler: ({ params }) => getUser({ id: params.id }),
});

export const createUserOperation = operation({
  rest: { method: "POST", path: "/v1/users" },
  summary: "Create a user",
  access: manageUsers,
  body: createUserSchema,
  response: userResponse,
  status: 201,
  errors: [404, 409],
  handler: ({ principal, body }) => createUser({ actor: principal.actor, grantor: principal.ability, input: body }),
});

export const updateUserOperation = operation({
  rest: { method: "PUT", path: "/v1/users/{id}" },
  summary: "Change a user",
  access: manageUsers,
  params: userIdParamsSchema,
  body: updateUserSchema,
  response: userResponse,
  errors: [404, 409, 429],
  // The caller's own UI session survives their own email change; a bearer token never does.
  handler: ({ principal, params, body }) =>
    updateUser({ actor: principal.actor, grantor: principal.ability, id: params.id, input: body, caller: principal }),
});

export const deleteUserOperation = operation({
  rest: { method: "DELETE", path: "/v1/users/{id}" },
  summary: "Delete a user (never the last one)",
  access: manageUsers,
  params: userIdParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => deleteUser({ actor: principal.actor, grantor: principal.ability, id: params.id }),
});

export const revokeUserSessionsOperation = operation({
  rest: { method: "POST", path: "/v1/users/{id}/revoke-sessions" },
  summary: "Sign a user out everywhere: end their bearer tokens and UI sessions (API keys stay)",
  access: manageUsers,
  params: userIdParamsSchema,
  status: 204,
  errors: [404],
  handler: ({ principal, params }) => signOutUser({ principal, userId: params.id }),
});

/** REST only (the UI reads the caller through `account.me`). */
export const getProfileOperation = operation({
  rest: { method: "GET", path: "/v1/users/profile" },
  summary: "The caller's own user",
  access: authenticated,
  response: userResponse,
  handler: ({ principal }) => getUser({ id: principal.userId }),
});

export const updateProfileOperation = operation({
  rest: { method: "PATCH", path: "/v1/users/profile" },
  summary: "Change the caller's own name or email",
  access: authenticated,
  body: updateProfileSchema,
  response: userResponse,
  errors: [403, 409, 429],
  handler: ({ principal, body }) => updateProfile({ principal, input: body }),
});

export const changePasswordOperation = operation({
  rest: { method: "POST", path: "/v1/users/profile/password" },
  summary: "Change the caller's password",
  access: authenticated,
  body: changePasswordSchema,
  response: messageResponse,
  errors: [403, 429],
  handler: ({ principal, body }) => changePassword({ principal, input: body }),
});
