import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { deletePolicyRow } from "./retention-policies.queries";

/** Deleting a policy only stops it from matching; emails it already let expire are gone already. */
export async function deletePolicy(options: { actor: AuditActor; id: string }): Promise<void> {
  await transaction(async (tx) => {
    const deleted = await deletePolicyRow(tx, options.id);
    if (!deleted) throw notFound("Retention policy");
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: "DELETE",
      targetType: "RetentionPolicy",
      targetId: options.id,
      details: { name: deleted.name, retentionPeriodDays: deleted.retention_period_days },
    });
  });
}
