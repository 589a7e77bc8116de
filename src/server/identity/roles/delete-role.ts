import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isForeignKeyViolation } from "../../platform/db/database-errors";
import { conflict, notFound } from "../../platform/errors/app-error";
import { isPredefinedSlug } from "./predefined-roles";
import type { AppAbility } from "../authz/ability";
import { assertRoleChangeGrantable } from "../authz/assert-grantable";
import type { Policy } from "../authz/permissions";

/**
 * Deletes a custom role; the users.role_id foreign key (ON DELETE RESTRICT) refuses it while held.
 * `grantor`: the caller's ability; a role granting more than they hold is not theirs to delete.
 */
export async function deleteRole(options: { actor: AuditActor; grantor: AppAbility; id: string }): Promise<void> {
  try {
    await transaction(async (tx) => {
      const existing = await tx.role.findUnique({ where: { id: options.id } });
      if (!existing) throw notFound("Role");
      if (isPredefinedSlug(existing.slug)) throw conflict("Predefined roles cannot be deleted");
      // Deleting a role also drops the group-mapping rules that hand it out (ON DELETE CASCADE): a
      // removal like any other, refused for a role that grants more than the caller holds.
      assertRoleChangeGrantable(
        options.grantor,
        { removes: [{ name: existing.name, policies: existing.policies as Policy[] }] },
        "Deleting this role",
      );
      await tx.role.delete({ where: { id: options.id } });
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "DELETE",
        targetType: "Role",
        targetId: existing.id,
        details: { name: existing.name, slug: existing.slug },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict("The role is assigned to users; reassign them first");
    throw error;
  }
}
