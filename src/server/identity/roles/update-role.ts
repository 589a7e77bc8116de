import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { conflict, notFound } from "../../platform/errors/app-error";
import { isPredefinedSlug } from "./predefined-roles";
import { toRoleDto } from "./role-dto";
import type { RoleDto } from "./roles.responses";
import { customRoleSlug } from "./role-slug";
import { duplicateRoleName } from "./roles.errors";
import type { UpdateRoleInput } from "./roles.schemas";
import type { AppAbility } from "../authz/ability";
import { assertRoleChangeGrantable } from "../authz/assert-grantable";
import type { Policy } from "../authz/permissions";

/** Changes the provided fields of a custom role; a new name brings a new slug (409 when taken). */
export async function updateRole(options: {
  actor: AuditActor;
  grantor: AppAbility;
  id: string;
  input: UpdateRoleInput;
}): Promise<RoleDto> {
  const { name, policies } = options.input;
  try {
    return await transaction(async (tx) => {
      const existing = await tx.role.findUnique({ where: { id: options.id } });
      if (!existing) throw notFound("Role");
      if (isPredefinedSlug(existing.slug)) throw conflict("Predefined roles cannot be edited");
      // Neither a role above the caller (its holders would lose it) nor one raised above them.
      assertRoleChangeGrantable(
        options.grantor,
        {
          removes: [{ name: existing.name, policies: existing.policies as Policy[] }],
          assigns: policies === undefined ? [] : [{ name: name ?? existing.name, policies }],
        },
        "Changing this role",
      );
      const role = await tx.role.update({
        where: { id: options.id },
        data: {
          ...(name !== undefined && { name, slug: customRoleSlug(name) }),
          ...(policies !== undefined && { policies: policies as object[] }),
        },
      });
      const changes: Record<string, unknown> = {};
      if (name !== undefined && name !== existing.name) changes.name = { from: existing.name, to: name };
      if (role.slug !== existing.slug) changes.slug = { from: existing.slug, to: role.slug };
      if (policies !== undefined) changes.policies = { from: existing.policies, to: policies };
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "UPDATE",
        targetType: "Role",
        targetId: role.id,
        details: { changes },
      });
      return toRoleDto(role);
    });
  } catch (error) {
    if (isUniqueViolation(error) && name !== undefined) throw duplicateRoleName(name);
    throw error;
  }
}
