import { toRuleDisposition } from "../dispositions/rule-disposition";
import type { RetentionLabelDto } from "./retention-labels.responses";

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
