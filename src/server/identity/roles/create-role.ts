import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { toRoleDto } from "./role-dto";
import type { RoleDto } from "./roles.responses";
import { customRoleSlug } from "./role-slug";
import { duplicateRoleName } from "./roles.errors";
import type { CreateRoleInput } from "./roles.schemas";
import type { AppAbility } from "../authz/ability";
import { assertGrantable } from "../authz/assert-grantable";

/** `grantor`: the caller's ability; a role grants nothing its creator lacks. */
export async function createRole(options: { actor: AuditActor; grantor: AppAbility; input: CreateRoleInput }): Promise<RoleDto> {
  assertGrantable(options.grantor, options.input.policies, "This role");
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
