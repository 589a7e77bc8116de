import { z } from "zod";
import { dispositionFieldsSchema } from "../dispositions/dispositions.schemas";
import { uuid } from "../../platform/validation/uuid";

const labelName = z.string().trim().min(1, "name must be 1-255 characters").max(255, "name must be 1-255 characters");
const description = z.string().max(1000, "description must be at most 1000 characters");
const retentionPeriodDays = z
  .number({ message: "retentionPeriodDays must be an integer >= 1" })
  .int("retentionPeriodDays must be an integer >= 1")
  .min(1, "retentionPeriodDays must be an integer >= 1")
  .max(365_000, "retentionPeriodDays must be at most 365000");

export const labelIdParamsSchema = z.object({ id: uuid("id") });
export const labelEmailParamsSchema = z.object({ emailId: uuid("emailId") });

export const createLabelSchema = z.object({
  name: labelName,
  description: description.nullish(),
  retentionPeriodDays,
  ...dispositionFieldsSchema,
});

export const updateLabelSchema = z
  .object({
    name: labelName.optional(),
    description: description.nullable().optional(),
    retentionPeriodDays: retentionPeriodDays.optional(),
    isDisabled: z.boolean().optional(),
    ...dispositionFieldsSchema,
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message:
      "at least one of name, description, retentionPeriodDays, isDisabled, dispositionAction, reviewerIds, reviewerRoleId is required",
  });

export const applyLabelSchema = z.object({ labelId: uuid("labelId") });

export type CreateLabelInput = z.infer<typeof createLabelSchema>;
export type UpdateLabelInput = z.infer<typeof updateLabelSchema>;
