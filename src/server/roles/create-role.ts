import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { conflict } from "../errors/app-error";
import { isPredefinedSlug } from "./predefined-roles";
import { toRoleDto, type RoleDto } from "./role-dto";
import { slugify, type CreateRoleInput } from "./roles.schemas";

export async function createRole(options: { actor: AuditActor; input: CreateRoleInput }): Promise<RoleDto> {
  const base = slugify(options.input.name);
  const slug = isPredefinedSlug(base) ? `custom_${base}` : base;
  try {
    return await transaction(async (tx) => {
      const role = await tx.role.create({
        data: { slug, name: options.input.name, policies: options.input.policies as object[] },
      });
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "CREATE",
        targetType: "Role",
        targetId: role.id,
        details: { name: role.name, slug: role.slug, policies: options.input.policies },
      });
      return toRoleDto(role);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A role named "${options.input.name}" already exists`);
    throw error;
  }
}
