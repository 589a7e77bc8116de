import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { toRoleDto } from "./role-dto";
import type { RoleDto } from "./roles.responses";

export async function getRole(options: { id: string }): Promise<RoleDto> {
  const role = await db().role.findUnique({ where: { id: options.id } });
  if (!role) throw notFound("Role");
  return toRoleDto(role);
}
