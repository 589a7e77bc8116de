import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { ruleDispositionData } from "../dispositions/rule-disposition";
import { assertIngestionSourcesExist } from "./assert-ingestion-sources-exist";
import { duplicatePolicyName, policyNameKey } from "./retention-policies.errors";
import { toPolicyDto } from "./retention-policy-dto";
import type { RetentionPolicyDto } from "./retention-policies.responses";
import type { CreatePolicyInput } from "./retention-policies.schemas";
import { validateConditionPatterns } from "./validate-condition-patterns";

export async function createPolicy(options: { actor: AuditActor; input: CreatePolicyInput }): Promise<RetentionPolicyDto> {
  const { input } = options;
  await validateConditionPatterns(input.conditions);
  const ingestionSourceIds = [...new Set(input.ingestionSourceIds)];
  try {
    return await transaction(async (tx) => {
      await assertIngestionSourcesExist(tx, ingestionSourceIds);
      const policy = await tx.retentionPolicy.create({
        data: {
          name: input.name,
          nameKey: policyNameKey(input.name),
          description: input.description ?? null,
          priority: input.priority,
          retentionPeriodDays: input.retentionPeriodDays,
          isEnabled: input.isEnabled,
          conditions: input.conditions ?? undefined,
          ingestionSourceIds,
          ...(await ruleDispositionData(tx, input)),
        },
      });
      const dto = toPolicyDto(policy);
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "CREATE",
        targetType: "RetentionPolicy",
        targetId: policy.id,
        details: {
          name: dto.name,
          retentionPeriodDays: dto.retentionPeriodDays,
          priority: dto.priority,
          isEnabled: dto.isEnabled,
          conditions: dto.conditions,
          ingestionSourceIds: dto.ingestionSourceIds,
          dispositionAction: dto.dispositionAction,
          reviewerIds: dto.reviewerIds,
          reviewerRoleId: dto.reviewerRoleId,
        },
      });
      return dto;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePolicyName();
    throw error;
  }
}
