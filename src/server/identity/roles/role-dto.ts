import { policiesSchema } from "../authz/permissions";
import type { RoleDto } from "./roles.responses";

export interface RoleRecord {
  id: string;
  slug: string;
  name: string;
  policies: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export function toRoleDto(role: RoleRecord): RoleDto {
  const parsed = policiesSchema.safeParse(role.policies);
  return {
    id: role.id,
    slug: role.slug,
    name: role.name,
    policies: parsed.success ? parsed.data : [],
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}
