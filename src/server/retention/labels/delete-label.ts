import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { lockLabel } from "./retention-labels.queries";

/**
 * A label on no email is deleted; a label on emails is disabled instead: they keep it and its
 * retention clock, and it cannot be applied again until re-enabled.
 */
export async function deleteLabel(options: { actor: AuditActor; id: string }): Promise<{ action: "deleted" | "disabled" }> {
  return transaction(async (tx) => {
    const label = await lockLabel(tx, options.id, "update");
    if (!label) throw notFound("Retention label");
    const applied = await tx.emailRetentionLabel.count({ where: { labelId: options.id } });
    const action = applied > 0 ? "disabled" : "deleted";
    if (action === "disabled") await tx.retentionLabel.update({ where: { id: options.id }, data: { isDisabled: true } });
    else await tx.retentionLabel.delete({ where: { id: options.id } });
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: action === "disabled" ? "DISABLE" : "DELETE",
      targetType: "RetentionLabel",
      targetId: options.id,
      details: { name: label.name, emailsLabeled: applied },
    });
    return { action };
  });
}
