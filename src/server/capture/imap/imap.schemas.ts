import { z } from "zod";

export const IMAP_SYNC_JOB = "imap-sync";

/**
 * A sync job's payload ("imap-sync", "cloud-sync"): the source, and who asked for the sync (the
 * actor its IMPORT audit entry and receipt name; a job without one was queued by the system).
 */
export const syncJobPayloadSchema = z.object({
  sourceId: z.uuid(),
  requestedBy: z
    .object({ identifier: z.string(), ip: z.string(), userId: z.string().optional(), apiKeyId: z.string().optional() })
    .optional(),
});
export type SyncJobPayload = z.infer<typeof syncJobPayloadSchema>;
