import { z } from "zod";
import { count, timestamp } from "../../platform/validation/response-fields";

export const legalHoldResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  reason: z.string().nullable(),
  isActive: z.boolean(),
  caseId: z.uuid().nullable(),
  emailCount: count,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const holdLinkResponse = z.object({
  legalHoldId: z.uuid(),
  holdName: z.string(),
  isActive: z.boolean(),
  appliedAt: timestamp,
  appliedByUserId: z.string().nullable(),
});

export const bulkApplyResponse = z.object({
  legalHoldId: z.uuid(),
  emailsLinked: count,
  /** The exact query executed, as written to the audit log. */
  queryUsed: z.record(z.string(), z.unknown()),
});

export const releaseAllResponse = z.object({ emailsReleased: count });

export type LegalHoldDto = z.infer<typeof legalHoldResponse>;

export type HoldLinkDto = z.infer<typeof holdLinkResponse>;
