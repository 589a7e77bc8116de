import { PROCESS_ROLES } from "./process-roles";
import { z } from "zod";
import { count, timestamp } from "../../platform/validation/response-fields";

const bytes = z.number().int().min(0);

const storageFigures = {
  /** Bytes archived: the raw messages as received. */
  logicalBytes: bytes,
  /** Bytes the store holds for them (sealed blobs: messages and attachments, each blob once). */
  storedBytes: bytes,
  /** logicalBytes - storedBytes (negative when the store holds more than was archived). */
  savedBytes: z.number().int(),
  /** storedBytes / logicalBytes; null for an empty archive. */
  storedRatio: z.number().min(0).nullable(),
  emails: count,
};

/** The storage figures (docs/operations.md, "Storage figures"); also on the dashboard. */
export const storageUsageResponse = z.object({
  measuredAt: timestamp,
  /** Emails were archived or deleted since the pass: the worker measures again within minutes. */
  archiveChangedSince: z.boolean(),
  total: z.object(storageFigures),
  sources: z.array(z.object({ sourceId: z.string(), name: z.string().nullable(), ...storageFigures })),
});

/** `GET /v1/system/status` (docs/operations.md, "System status"). */
export const systemStatusResponse = z.object({
  checkedAt: timestamp,
  processes: z.array(
    z.object({
      role: z.enum(PROCESS_ROLES),
      hostname: z.string(),
      pid: z.number().int(),
      startedAt: timestamp,
      lastSeenAt: timestamp,
      secondsSinceSeen: z.number().min(0),
      /** Seen within staleAfterSeconds. */
      running: z.boolean(),
    }),
  ),
  /** Whether any worker was seen within staleAfterSeconds: exports, syncs and lifecycle cycles wait for one. */
  workerRunning: z.boolean(),
  staleAfterSeconds: count,
  jobs: z.object({
    queues: z.array(z.object({ type: z.string(), queued: count, running: count, failed: count })),
    /** The latest jobs that failed for good (after their retries), newest first. */
    failed: z.array(z.object({ id: z.string(), type: z.string(), attempts: count, reason: z.string().nullable(), failedAt: timestamp })),
    exports: z.object({ queued: count, running: count, failed: count }),
  }),
  lifecycle: z.object({
    lastCycle: z
      .object({
        startedAt: timestamp,
        finishedAt: timestamp.nullable(),
        evaluated: count,
        deleted: count,
        failed: count,
        awaitingReview: count,
      })
      .nullable(),
    /** The running workers' shortest LIFECYCLE_INTERVAL_MINUTES; null when no worker runs. */
    intervalMinutes: z.number().positive().nullable(),
    /** When the next cycle is due (a worker starts one at its start, then one per interval); null when no worker runs. */
    nextCycleAt: timestamp.nullable(),
  }),
  searchIndex: z.object({
    engine: z.enum(["postgres", "meilisearch"]),
    archivedEmails: count,
    searchable: count,
    notSearchable: count,
    /** The word-pair index of phrases (docs/operations.md, "Word-pair index of phrases"). */
    phraseIndex: z.object({
      enabled: z.boolean(),
      state: z.enum(["ready", "building", "pending", "dropping", "off"]),
      progress: z.object({ phase: z.string(), blocksDone: count, blocksTotal: count, tuplesDone: count, tuplesTotal: count }).nullable(),
    }),
  }),
  storage: z.object({
    backend: z.enum(["local", "s3"]),
    /** Bytes of the archived emails (their stored messages). */
    usedBytes: bytes,
    /** Free and total bytes of the local store's file system (statfs); null for S3. */
    freeBytes: bytes.nullable(),
    totalBytes: bytes.nullable(),
    /** The background conversion of blobs written before storage encryption; null before a worker first needed one. */
    conversion: z
      .object({
        total: count,
        examined: count,
        converted: count,
        skipped: count,
        startedAt: timestamp,
        updatedAt: timestamp,
        finishedAt: timestamp.nullable(),
      })
      .nullable(),
    /** Logical (archived) and stored (on disk, sealed) bytes, in total and per source, as of the worker's last usage pass; null before it. */
    usage: storageUsageResponse.nullable(),
  }),
  database: z.object({ sizeBytes: bytes }),
});

export type SystemStatus = z.infer<typeof systemStatusResponse>;
