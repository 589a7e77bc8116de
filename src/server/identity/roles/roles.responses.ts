import { z } from "zod";
import { policySchema } from "../authz/permissions";
import { timestamp } from "../../platform/validation/response-fields";

export const roleResponse = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  policies: z.array(policySchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** The suggestions of the role form's conditions: the archive's mailboxes and the ingestion sources. */
export const conditionValuesResponse = z.object({
  mailboxes: z.array(z.string()),
  /** More mailboxes exist than are listed (the first ones in order are). */
  mailboxesTruncated: z.boolean(),
  sources: z.array(z.object({ id: z.string(), name: z.string(), provider: z.string() })),
});

export type RoleDto = z.infer<typeof roleResponse>;

export type ConditionValuesDto = z.infer<typeof conditionValuesResponse>;
