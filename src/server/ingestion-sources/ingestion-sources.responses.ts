import { z } from "zod";
import { count, timestamp } from "../http/openapi/response-fields";

export const ingestionSourceResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  provider: z.string(),
  status: z.string(),
  statusMessage: z.string().nullable(),
  /** Never contains credentials: an IMAP password shows only as `passwordSet`. */
  config: z.record(z.string(), z.unknown()),
  lastSyncAt: timestamp.nullable(),
  emailCount: count,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const importSummaryResponse = z.object({
  imported: count,
  duplicates: count,
  failed: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});

export const syncRequestResponse = z.object({ message: z.string(), jobId: z.string(), jobStatus: z.string() });
