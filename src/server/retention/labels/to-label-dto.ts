import type { z } from "zod";
import { toRuleDisposition } from "../dispositions/rule-disposition";
import type { retentionLabelResponse } from "./retention-labels.responses";

export type RetentionLabelDto = z.infer<typeof retentionLabelResponse>;

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
