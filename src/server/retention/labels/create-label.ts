import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { ruleDispositionData } from "../dispositions/rule-disposition";
import { duplicateLabelName, labelNameKey } from "./retention-labels.errors";
import { toRuleDisposition } from "../dispositions/rule-disposition";
import { toLabelDto } from "./to-label-dto";
import type { RetentionLabelDto } from "./retention-labels.responses";
import type { CreateLabelInput } from "./retention-labels.schemas";

export async function createLabel(options: { actor: AuditActor; input: CreateLabelInput }): Promise<RetentionLabelDto> {
  const { input } = options;
  try {
    return await transaction(async (tx) => {
      const label = await tx.retentionLabel.create({
        data: {
          name: input.name,
          nameKey: labelNameKey(input.name),
          description: input.description ?? null,
          retentionPeriodDays: input.retentionPeriodDays,
          ...(await ruleDispositionData(tx, input)),
        },
      });
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "CREATE",
        targetType: "RetentionLabel",
        targetId: label.id,
        details: { name: label.name, retentionPeriodDays: label.retentionPeriodDays, ...toRuleDisposition(label) },
      });
      return toLabelDto(label);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateLabelName();
    throw error;
  }
}
