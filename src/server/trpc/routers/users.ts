import { z } from "zod";
import { createUser } from "../../users/create-user";
import { deleteUser } from "../../users/delete-user";
import { getUser } from "../../users/get-user";
import { listUsers } from "../../users/list-users";
import { revokeUserSessions } from "../../users/revoke-user-sessions";
import { updateUser } from "../../users/update-user";
import { createUserSchema, updateUserSchema, userIdParamsSchema } from "../../users/users.schemas";
import { permissionProcedure, router } from "../init";

export const usersRouter = router({
  list: permissionProcedure("read:users").query(() => listUsers()),
  get: permissionProcedure("read:users")
    .input(userIdParamsSchema)
    .query(({ input }) => getUser({ id: input.id })),
  create: permissionProcedure("manage:all")
    .input(createUserSchema)
    .mutation(({ ctx, input }) => createUser({ actor: ctx.principal.actor, input })),
  update: permissionProcedure("manage:all")
    .input(z.object({ id: z.uuid(), data: updateUserSchema }))
    .mutation(({ ctx, input }) => updateUser({ actor: ctx.principal.actor, id: input.id, input: input.data })),
  delete: permissionProcedure("manage:all")
    .input(userIdParamsSchema)
    .mutation(({ ctx, input }) => deleteUser({ actor: ctx.principal.actor, id: input.id })),
  revokeSessions: permissionProcedure("manage:all")
    .input(userIdParamsSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeUserSessions({ actor: ctx.principal.actor, userId: input.id, reason: "administrator" });
    }),
});
