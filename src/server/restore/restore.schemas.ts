import { z } from "zod";

export const DEFAULT_RESTORE_FOLDER = "Restored from archive";

const folder = z
  .string()
  .trim()
  .min(1, "folder must be 1-255 characters")
  .max(255, "folder must be 1-255 characters")
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "folder must not contain control characters")
  .default(DEFAULT_RESTORE_FOLDER);

export const restoreEmailSchema = z.object({
  ingestionSourceId: z.uuid({ message: "ingestionSourceId must be a UUID" }),
  folder,
});

export type RestoreEmailInput = z.infer<typeof restoreEmailSchema>;
