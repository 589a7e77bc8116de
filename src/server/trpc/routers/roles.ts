import { z } from "zod";
import { createRole } from "../../roles/create-role";
import { deleteRole } from "../../roles/delete-role";
import { getRole } from "../../roles/get-role";
import { listRoles } from "../../roles/list-roles";
import { createRoleSchema, roleIdParamsSchema, updateRoleSchema } from "../../roles/roles.schemas";
import { updateRole } from "../../roles/update-role";
import { permissionProcedure, router } from "../init";

export const rolesRouter = router({
  list: permissionProcedure("read:users").query(() => listRoles()),
  get: permissionProcedure("read:users")
    .input(roleIdParamsSchema)
    .query(({ input }) => getRole({ id: input.id })),
  create: permissionProcedure("manage:all")
    .input(createRoleSchema)
    .mutation(({ ctx, input }) => createRole({ actor: ctx.principal.actor, input })),
  update: permissionProcedure("manage:all")
    .input(z.object({ id: z.uuid(), data: updateRoleSchema }))
    .mutation(({ ctx, input }) => updateRole({ actor: ctx.principal.actor, id: input.id, input: input.data })),
  delete: permissionProcedure("manage:all")
    .input(roleIdParamsSchema)
    .mutation(({ ctx, input }) => deleteRole({ actor: ctx.principal.actor, id: input.id })),
});
