import { z } from "zod";
import { createRole } from "../../roles/create-role";
import { deleteRole } from "../../roles/delete-role";
import { getRole } from "../../roles/get-role";
import { listRoles } from "../../roles/list-roles";
import { createRoleSchema, roleIdParamsSchema, updateRoleSchema } from "../../roles/roles.schemas";
import { updateRole } from "../../roles/update-role";
import { procedure, router } from "../init";

export const rolesRouter = router({
  list: procedure({ permission: "read:users" }).query(() => listRoles()),
  get: procedure({ permission: "read:users" })
    .input(roleIdParamsSchema)
    .query(({ input }) => getRole({ id: input.id })),
  create: procedure({ permission: "manage:all" })
    .input(createRoleSchema)
    .mutation(({ ctx, input }) => createRole({ actor: ctx.principal.actor, input })),
  update: procedure({ permission: "manage:all" })
    .input(z.object({ id: z.uuid(), data: updateRoleSchema }))
    .mutation(({ ctx, input }) => updateRole({ actor: ctx.principal.actor, id: input.id, input: input.data })),
  delete: procedure({ permission: "manage:all" })
    .input(roleIdParamsSchema)
    .mutation(({ ctx, input }) => deleteRole({ actor: ctx.principal.actor, id: input.id })),
});
