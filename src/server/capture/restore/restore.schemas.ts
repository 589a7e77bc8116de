import { z } from "zod";
import { searchQuerySchema } from "../../search/search.schemas";

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

/** What a bulk restore restores: the emails a search query matches, or every item of a completed case export. */
export const bulkRestoreSchema = restoreEmailSchema
  .extend({
    searchQuery: searchQuerySchema.optional(),
    exportId: z.uuid({ message: "exportId must be a UUID" }).optional(),
  })
  .refine((input) => (input.searchQuery === undefined) !== (input.exportId === undefined), {
    message: "give either searchQuery or exportId (a case export), not both",
    path: ["searchQuery"],
  });
export type BulkRestoreInput = z.infer<typeof bulkRestoreSchema>;

export const restoreRunParamsSchema = z.object({ runId: z.uuid({ message: "runId must be a UUID" }) });

export const BULK_RESTORE_JOB = "archive.restore";
