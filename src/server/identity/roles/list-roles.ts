import { db } from "../../platform/db/client";
import { toRoleDto } from "./role-dto";
import type { RoleDto } from "./roles.responses";

export async function listRoles(): Promise<RoleDto[]> {
  const roles = await db().role.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return roles.map(toRoleDto);
}
