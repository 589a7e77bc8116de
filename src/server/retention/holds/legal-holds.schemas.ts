import { z } from "zod";
import { searchQuerySchema } from "../../search/search.schemas";
import { uuid } from "../../platform/validation/uuid";

const holdName = z.string().trim().min(1, "name must be 1-255 characters").max(255, "name must be 1-255 characters");
const holdReason = z.string().max(2000, "reason must be at most 2000 characters");

export const holdIdParamsSchema = z.object({ id: uuid("id") });
export const emailIdParamsSchema = z.object({ emailId: uuid("emailId") });
export const emailHoldParamsSchema = z.object({ emailId: uuid("emailId"), holdId: uuid("holdId") });

export const createHoldSchema = z.object({
  name: holdName,
  reason: holdReason.nullish(),
  caseId: uuid("caseId").nullish(),
});

export const updateHoldSchema = z
  .object({
    name: holdName.optional(),
    reason: holdReason.nullable().optional(),
    isActive: z.boolean().optional(),
    caseId: uuid("caseId").nullable().optional(),
  })
  .refine((value) => value.name !== undefined || value.reason !== undefined || value.isActive !== undefined || value.caseId !== undefined, {
    message: "at least one of name, reason, isActive, caseId is required",
  });

export const applyHoldSchema = z.object({ holdId: uuid("holdId") });

export const bulkApplySchema = z.object({ searchQuery: searchQuerySchema });

export type CreateHoldInput = z.infer<typeof createHoldSchema>;
export type UpdateHoldInput = z.infer<typeof updateHoldSchema>;

/** Opaque position after the last link of a page: its `appliedAt` and email id. */
export interface HoldEmailsCursor {
  appliedAt: Date;
  emailId: string;
}

const MALFORMED_CURSOR = "cursor must be a value returned as nextCursor";

export function encodeHoldEmailsCursor(cursor: HoldEmailsCursor): string {
  return Buffer.from(`${cursor.appliedAt.toISOString()}|${cursor.emailId}`, "utf8").toString("base64url");
}

const holdEmailsCursor = z.string().transform((value, context) => {
  const [appliedAt, emailId, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const date = new Date(appliedAt ?? "");
  if (rest.length > 0 || Number.isNaN(date.getTime()) || !z.uuid().safeParse(emailId).success) {
    context.addIssue({ code: "custom", message: MALFORMED_CURSOR });
    return z.NEVER;
  }
  return { appliedAt: date, emailId } satisfies HoldEmailsCursor;
});

export const listHoldEmailsSchema = holdIdParamsSchema.extend({
  cursor: holdEmailsCursor.nullish(),
  limit: z.coerce
    .number({ message: "limit must be an integer from 1 to 100" })
    .int("limit must be an integer from 1 to 100")
    .min(1, "limit must be an integer from 1 to 100")
    .max(100, "limit must be an integer from 1 to 100")
    .optional()
    .default(25),
});
