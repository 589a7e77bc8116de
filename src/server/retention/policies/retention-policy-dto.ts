import type { RetentionPolicy } from "@/generated/prisma/client";
import { toRuleDisposition } from "../dispositions/rule-disposition";
import type { ConditionGroup } from "./retention-policies.schemas";
import type { RetentionPolicyDto } from "./retention-policies.responses";

export const toPolicyDto = (policy: RetentionPolicy): RetentionPolicyDto => ({
  id: policy.id,
  name: policy.name,
  description: policy.description,
  priority: policy.priority,
  retentionPeriodDays: policy.retentionPeriodDays,
  isEnabled: policy.isEnabled,
  conditions: (policy.conditions ?? null) as ConditionGroup | null,
  ingestionSourceIds: policy.ingestionSourceIds,
  createdAt: policy.createdAt.toISOString(),
  updatedAt: policy.updatedAt.toISOString(),
  ...toRuleDisposition(policy),
});
