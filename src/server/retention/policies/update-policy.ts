import { Prisma } from "@/generated/prisma/client";
import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { ruleDispositionData } from "../dispositions/rule-disposition";
import { notFound } from "../../platform/errors/app-error";
import { assertIngestionSourcesExist } from "./assert-ingestion-sources-exist";
import { lockPolicy } from "./retention-policies.queries";
import { duplicatePolicyName, policyNameKey } from "./retention-policies.errors";
import { toPolicyDto } from "./retention-policy-dto";
import type { RetentionPolicyDto } from "./retention-policies.responses";
import type { UpdatePolicyInput } from "./retention-policies.schemas";
import { validateConditionPatterns } from "./validate-condition-patterns";

type ChangeableField = Exclude<keyof RetentionPolicyDto, "id" | "createdAt" | "updatedAt">;

/** Changes only the provided fields; the audit entry records each changed field's old and new value. */
export async function updatePolicy(options: { actor: AuditActor; id: string; input: UpdatePolicyInput }): Promise<RetentionPolicyDto> {
  const { input } = options;
  await validateConditionPatterns(input.conditions);
  const ingestionSourceIds = input.ingestionSourceIds && [...new Set(input.ingestionSourceIds)];
  try {
    return await transaction(async (tx) => {
      if (!(await lockPolicy(tx, options.id))) throw notFound("Retention policy");
      const before = toPolicyDto(await tx.retentionPolicy.findUniqueOrThrow({ where: { id: options.id } }));
      await assertIngestionSourcesExist(tx, ingestionSourceIds);
      const disposition = await ruleDispositionData(tx, input);
      const policy = await tx.retentionPolicy.update({
        where: { id: options.id },
        data: {
          ...(input.name !== undefined && { name: input.name, nameKey: policyNameKey(input.name) }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.priority !== undefined && { priority: input.priority }),
          ...(input.retentionPeriodDays !== undefined && { retentionPeriodDays: input.retentionPeriodDays }),
          ...(input.isEnabled !== undefined && { isEnabled: input.isEnabled }),
          ...(input.conditions !== undefined && { conditions: input.conditions ?? Prisma.DbNull }),
          ...(ingestionSourceIds !== undefined && { ingestionSourceIds }),
          ...disposition,
        },
      });
      const after = toPolicyDto(policy);
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "UPDATE",
        targetType: "RetentionPolicy",
        targetId: policy.id,
        details: { name: after.name, changes: changedFields(before, after) },
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePolicyName();
    throw error;
  }
}

function changedFields(before: RetentionPolicyDto, after: RetentionPolicyDto): Record<string, { from: unknown; to: unknown }> {
  const fields: ChangeableField[] = [
    "name",
    "description",
    "priority",
    "retentionPeriodDays",
    "isEnabled",
    "conditions",
    "ingestionSourceIds",
    "dispositionAction",
    "reviewerIds",
    "reviewerRoleId",
  ];
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}
