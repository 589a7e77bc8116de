import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../db/client";
import { notFound } from "../errors/app-error";

/** Deleting a policy only stops it from matching; emails it already let expire are gone already. */
export async function deletePolicy(options: { actor: AuditActor; id: string }): Promise<void> {
  await transaction(async (tx) => {
    const deleted = await tx.$queryRaw<{ name: string; retention_period_days: number }[]>`
      DELETE FROM retention_policies WHERE id = ${options.id}::uuid RETURNING name, retention_period_days`;
    if (deleted.length === 0) throw notFound("Retention policy");
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: "DELETE",
      targetType: "RetentionPolicy",
      targetId: options.id,
      details: { name: deleted[0].name, retentionPeriodDays: deleted[0].retention_period_days },
    });
  });
}
