import { z } from "zod";
import { searchQuerySchema } from "../search/search.schemas";

const uuid = (name: string) => z.uuid({ message: `${name} must be a UUID` });
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
  .object({ name: holdName.optional(), reason: holdReason.nullable().optional(), isActive: z.boolean().optional() })
  .refine((value) => value.name !== undefined || value.reason !== undefined || value.isActive !== undefined, {
    message: "at least one of name, reason, isActive is required",
  });

export const applyHoldSchema = z.object({ holdId: uuid("holdId") });

export const bulkApplySchema = z.object({ searchQuery: searchQuerySchema });

export type CreateHoldInput = z.infer<typeof createHoldSchema>;
export type UpdateHoldInput = z.infer<typeof updateHoldSchema>;
