import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { ruleDispositionData } from "../dispositions/rule-disposition";
import { conflict, notFound } from "../../platform/errors/app-error";
import { duplicateLabelName, labelNameKey } from "./retention-labels.errors";
import { lockLabel } from "./retention-labels.queries";
import { toLabelDto } from "./to-label-dto";
import type { RetentionLabelDto } from "./retention-labels.responses";
import type { UpdateLabelInput } from "./retention-labels.schemas";

/**
 * Changes only the provided fields. The period of a label in use is frozen (409): emails already
 * carry its retention clock. `isDisabled: false` re-enables a disabled label (not in the interface).
 */
export async function updateLabel(options: { actor: AuditActor; id: string; input: UpdateLabelInput }): Promise<RetentionLabelDto> {
  const { input } = options;
  try {
    return await transaction(async (tx) => {
      const before = await lockLabel(tx, options.id, "update");
      if (!before) throw notFound("Retention label");
      if (input.retentionPeriodDays !== undefined && input.retentionPeriodDays !== before.retention_period_days) {
        const inUse = await tx.emailRetentionLabel.findFirst({ where: { labelId: options.id }, select: { emailId: true } });
        if (inUse) throw conflict("retentionPeriodDays cannot change while the label is applied to emails");
      }
      const disposition = await ruleDispositionData(tx, input);
      const label = await tx.retentionLabel.update({
        where: { id: options.id },
        data: {
          ...(input.name !== undefined && { name: input.name, nameKey: labelNameKey(input.name) }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.retentionPeriodDays !== undefined && { retentionPeriodDays: input.retentionPeriodDays }),
          ...(input.isDisabled !== undefined && { isDisabled: input.isDisabled }),
          ...disposition,
        },
      });
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "UPDATE",
        targetType: "RetentionLabel",
        targetId: label.id,
        details: { changes: input },
      });
      return toLabelDto(label);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateLabelName();
    throw error;
  }
}
