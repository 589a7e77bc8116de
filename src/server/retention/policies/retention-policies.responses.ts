import { z } from "zod";
import { DISPOSITION_ACTIONS } from "../dispositions/dispositions.schemas";
import { timestamp } from "../../platform/validation/response-fields";
import { conditionGroupSchema } from "./retention-policies.schemas";

export const retentionPolicyResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  retentionPeriodDays: z.number().int(),
  isEnabled: z.boolean(),
  conditions: conditionGroupSchema.nullable(),
  ingestionSourceIds: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
  dispositionAction: z.enum(DISPOSITION_ACTIONS),
  reviewerIds: z.array(z.string()),
  reviewerRoleId: z.string().nullable(),
});

export type RetentionPolicyDto = z.infer<typeof retentionPolicyResponse>;
