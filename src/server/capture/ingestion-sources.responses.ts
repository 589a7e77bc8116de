import { z } from "zod";
import { count, timestamp } from "../platform/api/response-fields";

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

const coverageFolder = z.object({
  folder: z.string(),
  /** The provider's own count when the folder was listed (null for IMAP). */
  providerCount: count.nullable(),
  /** What the archive holds from the folder after that sync. */
  heldCount: count,
  /** True when an expired cursor (or a changed UIDVALIDITY) made the sync read the folder from the start. */
  restarted: z.boolean(),
  imported: count,
  duplicates: count,
  deletedAtSource: count,
  failed: z.array(z.object({ id: z.string(), reason: z.string() })),
});

/** A source's coverage (docs/connectors.md, "Import record and completeness"). */
export const sourceCoverageResponse = z.object({
  sourceId: z.uuid(),
  provider: z.string(),
  emailCount: count,
  /** Archived emails of the source the search index does not hold yet. */
  notSearchable: count,
  /** The last sync's record (its IMPORT audit entry), or null before the first. */
  lastSync: z
    .object({
      at: timestamp,
      auditId: z.string(),
      error: z.string().nullable(),
      mailboxes: z.array(
        z.object({
          mailbox: z.string(),
          status: z.string(),
          reason: z.string().nullable(),
          excluded: z.array(z.string()),
          folders: z.array(coverageFolder),
        }),
      ),
    })
    .nullable(),
});
