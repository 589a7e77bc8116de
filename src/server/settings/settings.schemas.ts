import { z } from "zod";
import { regexPatternProblem } from "../platform/validation/regex-safety";

/** Who must use two-factor authentication: nobody, every local sign-in, or callers whose role grants `manage:all`. */
export const MFA_REQUIRED_VALUES = ["off", "everyone", "admins"] as const;
export type MfaRequired = (typeof MFA_REQUIRED_VALUES)[number];

/** A regular expression removed from bodies before near-duplicates and languages (a disclaimer); checked safe like retention's. */
const ignorePattern = z
  .string()
  .min(1)
  .max(500)
  .superRefine((pattern, context) => {
    const problem = regexPatternProblem(pattern, "ignore pattern");
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

export const settingsSchema = z.object({
  deletionEnabled: z.boolean(),
  mfaRequired: z.enum(MFA_REQUIRED_VALUES),
  /** Review analytics (docs/ediscovery.md): the least similarity, in percent, to a near-duplicate group's pivot. */
  nearDuplicateThreshold: z.number().int().min(50).max(100),
  ignorePatterns: z.array(ignorePattern).max(50),
  /**
   * Fast phrases (docs/search.md, "Phrases: the word-pair index"): the worker builds an index of
   * adjacent word pairs in the background while on, and drops it when turned off. Off by default:
   * the index costs every import about a quarter of its rate and the archive ~0.7-5 KB per email.
   */
  phraseIndex: z.boolean(),
});
export const updateSettingsSchema = settingsSchema
  .partial()
  .strict()
  .refine((value) => Object.values(value).some((setting) => setting !== undefined), {
    message: "at least one setting is required (deletionEnabled, mfaRequired, nearDuplicateThreshold, ignorePatterns, phraseIndex)",
  });

export type Settings = z.infer<typeof settingsSchema>;
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  deletionEnabled: false,
  mfaRequired: "off",
  nearDuplicateThreshold: 80,
  ignorePatterns: [],
  phraseIndex: false,
};

/** The settings the near-duplicate groups depend on: changing one re-groups in the background. */
export const NEAR_DUPLICATE_SETTINGS: readonly string[] = ["nearDuplicateThreshold", "ignorePatterns"];

/** A stored value of `mfaRequired` (JSON), or the default when absent or unknown. */
export function mfaRequiredOf(stored: unknown): MfaRequired {
  return MFA_REQUIRED_VALUES.find((value) => value === stored) ?? DEFAULT_SETTINGS.mfaRequired;
}
