import type { Tx } from "../../platform/db/client";
import { validationError } from "../../platform/errors/app-error";

export async function assertRoleExists(client: Tx, roleId: string | null | undefined): Promise<void> {
  if (!roleId) return;
  const role = await client.role.findUnique({ where: { id: roleId }, select: { id: true } });
  if (!role) throw validationError([{ field: "roleId", message: "role does not exist" }]);
}
