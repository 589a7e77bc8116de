import { db } from "../../platform/db/client";
import { toRoleDto, type RoleDto } from "./role-dto";

export async function listRoles(): Promise<RoleDto[]> {
  const roles = await db().role.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return roles.map(toRoleDto);
}
