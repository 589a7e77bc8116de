import { z } from "zod";

/** Who must use two-factor authentication: nobody, every local sign-in, or callers whose role grants `manage:all`. */
export const MFA_REQUIRED_VALUES = ["off", "everyone", "admins"] as const;
export type MfaRequired = (typeof MFA_REQUIRED_VALUES)[number];

export const settingsSchema = z.object({ deletionEnabled: z.boolean(), mfaRequired: z.enum(MFA_REQUIRED_VALUES) });
export const updateSettingsSchema = settingsSchema
  .partial()
  .strict()
  .refine((value) => value.deletionEnabled !== undefined || value.mfaRequired !== undefined, {
    message: "at least one setting is required (deletionEnabled, mfaRequired)",
  });

export type Settings = z.infer<typeof settingsSchema>;
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export const DEFAULT_SETTINGS: Settings = { deletionEnabled: false, mfaRequired: "off" };

/** A stored value of `mfaRequired` (JSON), or the default when absent or unknown. */
export function mfaRequiredOf(stored: unknown): MfaRequired {
  return MFA_REQUIRED_VALUES.find((value) => value === stored) ?? DEFAULT_SETTINGS.mfaRequired;
}
