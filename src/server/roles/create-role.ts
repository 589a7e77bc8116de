import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../db/client";
import { isUniqueViolation } from "../db/database-errors";
import { toRoleDto, type RoleDto } from "./role-dto";
import { customRoleSlug, duplicateRoleName } from "./role-slug";
import type { CreateRoleInput } from "./roles.schemas";

export async function createRole(options: { actor: AuditActor; input: CreateRoleInput }): Promise<RoleDto> {
  const slug = customRoleSlug(options.input.name);
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
    if (isUniqueViolation(error)) throw duplicateRoleName(options.input.name);
    throw error;
  }
}
