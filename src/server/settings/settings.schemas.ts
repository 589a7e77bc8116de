import { z } from "zod";

export const settingsSchema = z.object({ deletionEnabled: z.boolean() });
export const updateSettingsSchema = settingsSchema
  .partial()
  .strict()
  .refine((value) => value.deletionEnabled !== undefined, { message: "at least one setting is required (deletionEnabled)" });

export type Settings = z.infer<typeof settingsSchema>;
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export const DEFAULT_SETTINGS: Settings = { deletionEnabled: false };
