import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isForeignKeyViolation } from "../../platform/db/database-errors";
import { conflict, notFound } from "../../platform/errors/app-error";
import { isPredefinedSlug } from "./predefined-roles";

/** Deletes a custom role; the users.role_id foreign key (ON DELETE RESTRICT) refuses it while held. */
export async function deleteRole(options: { actor: AuditActor; id: string }): Promise<void> {
  try {
    await transaction(async (tx) => {
      const existing = await tx.role.findUnique({ where: { id: options.id } });
      if (!existing) throw notFound("Role");
      if (isPredefinedSlug(existing.slug)) throw conflict("Predefined roles cannot be deleted");
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
