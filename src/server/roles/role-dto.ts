import { policiesSchema, type Policy } from "../authz/permissions";

export interface RoleRecord {
  id: string;
  slug: string;
  name: string;
  policies: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export interface RoleDto {
  id: string;
  slug: string;
  name: string;
  policies: Policy[];
  createdAt: string;
  updatedAt: string;
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
