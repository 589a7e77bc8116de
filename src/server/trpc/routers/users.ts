import { z } from "zod";
import { createUser } from "../../users/create-user";
import { deleteUser } from "../../users/delete-user";
import { getUser } from "../../users/get-user";
import { listUsers } from "../../users/list-users";
import { revokeUserSessions } from "../../users/revoke-user-sessions";
import { updateUser } from "../../users/update-user";
import { createUserSchema, updateUserSchema, userIdParamsSchema } from "../../users/users.schemas";
import { procedure, router } from "../init";

export const usersRouter = router({
  list: procedure({ permission: "read:users" }).query(() => listUsers()),
  get: procedure({ permission: "read:users" })
    .input(userIdParamsSchema)
    .query(({ input }) => getUser({ id: input.id })),
  create: procedure({ permission: "manage:all" })
    .input(createUserSchema)
    .mutation(({ ctx, input }) => createUser({ actor: ctx.principal.actor, input })),
  update: procedure({ permission: "manage:all" })
    .input(z.object({ id: z.uuid(), data: updateUserSchema }))
    .mutation(({ ctx, input }) => updateUser({ actor: ctx.principal.actor, id: input.id, input: input.data, caller: ctx.principal })),
  delete: procedure({ permission: "manage:all" })
    .input(userIdParamsSchema)
    .mutation(({ ctx, input }) => deleteUser({ actor: ctx.principal.actor, id: input.id })),
  revokeSessions: procedure({ permission: "manage:all" })
    .input(userIdParamsSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeUserSessions({ actor: ctx.principal.actor, userId: input.id, reason: "administrator" });
    }),
});
