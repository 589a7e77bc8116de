import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { conflict, notFound } from "../errors/app-error";
import { isPredefinedSlug } from "./predefined-roles";
import { toRoleDto, type RoleDto } from "./role-dto";
import type { UpdateRoleInput } from "./roles.schemas";

export async function updateRole(options: { actor: AuditActor; id: string; input: UpdateRoleInput }): Promise<RoleDto> {
  try {
    return await transaction(async (tx) => {
      const existing = await tx.role.findUnique({ where: { id: options.id } });
      if (!existing) throw notFound("Role");
      if (isPredefinedSlug(existing.slug)) throw conflict("Predefined roles cannot be edited");
      const role = await tx.role.update({
        where: { id: options.id },
        data: {
          ...(options.input.name !== undefined && { name: options.input.name }),
          ...(options.input.policies !== undefined && { policies: options.input.policies as object[] }),
        },
      });
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "UPDATE",
        targetType: "Role",
        targetId: role.id,
        details: { changes: options.input },
      });
      return toRoleDto(role);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A role with that name already exists");
    throw error;
  }
}
