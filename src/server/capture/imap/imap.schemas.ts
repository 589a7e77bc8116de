import { z } from "zod";

export const IMAP_SYNC_JOB = "imap-sync";

export const imapSyncPayloadSchema = z.object({ sourceId: z.uuid() });
export type ImapSyncPayload = z.infer<typeof imapSyncPayloadSchema>;
