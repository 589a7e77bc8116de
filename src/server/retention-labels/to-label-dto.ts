import { toRuleDisposition, type RuleDisposition } from "../dispositions/rule-disposition";

export interface RetentionLabelDto extends RuleDisposition {
  id: string;
  name: string;
  description: string | null;
  retentionPeriodDays: number;
  isDisabled: boolean;
  createdAt: string;
}

export const toLabelDto = (label: {
  id: string;
  name: string;
  description: string | null;
  retentionPeriodDays: number;
  isDisabled: boolean;
  createdAt: Date;
  dispositionAction: string;
  reviewerIds: string[];
  reviewerRoleId: string | null;
}): RetentionLabelDto => ({
  id: label.id,
  name: label.name,
  description: label.description,
  retentionPeriodDays: label.retentionPeriodDays,
  isDisabled: label.isDisabled,
  createdAt: label.createdAt.toISOString(),
  ...toRuleDisposition(label),
});
