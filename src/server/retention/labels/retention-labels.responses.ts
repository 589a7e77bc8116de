import { z } from "zod";
import { DISPOSITION_ACTIONS } from "../dispositions/dispositions.schemas";
import { timestamp } from "../../platform/validation/response-fields";

export const retentionLabelResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  retentionPeriodDays: z.number().int().min(1),
  isDisabled: z.boolean(),
  createdAt: timestamp,
  dispositionAction: z.enum(DISPOSITION_ACTIONS),
  reviewerIds: z.array(z.string()),
  reviewerRoleId: z.string().nullable(),
});

export const emailLabelResponse = z.object({
  labelId: z.uuid(),
  labelName: z.string(),
  retentionPeriodDays: z.number().int(),
  appliedAt: timestamp,
  appliedByUserId: z.string(),
});

export const deleteLabelResponse = z.object({ action: z.enum(["deleted", "disabled"]) });

export type RetentionLabelDto = z.infer<typeof retentionLabelResponse>;

export type EmailLabelDto = z.infer<typeof emailLabelResponse>;
