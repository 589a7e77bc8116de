import { z } from "zod";
import { count, timestamp } from "../../platform/validation/response-fields";

export const restoreResultResponse = z.object({
  emailId: z.uuid(),
  ingestionSourceId: z.uuid(),
  folder: z.string(),
  uid: z.number().int().nullable(),
});

export const restoreRunResponse = z.object({
  id: z.uuid(),
  ingestionSourceId: z.uuid(),
  folder: z.string(),
  /** The selection: a search query, or a case export (the other is null). */
  searchQuery: z.unknown(),
  exportId: z.uuid().nullable(),
  status: z.enum(["queued", "running", "completed", "failed"]),
  total: count.nullable(),
  restored: count,
  failed: count,
  error: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
});

/** A bulk restore's progress: what `restoreRunResponse` sends (the run is queued → running → completed | failed). */
export type RestoreRunDto = z.infer<typeof restoreRunResponse>;

export type RestoreResult = z.infer<typeof restoreResultResponse>;
