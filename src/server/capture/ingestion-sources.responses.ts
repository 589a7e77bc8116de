import { z } from "zod";
import { count, timestamp } from "../platform/validation/response-fields";

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
  /** The source's last signed receipt (a sync run's or an import's), or null before the first. */
  lastReceipt: z.object({ id: z.uuid(), origin: z.string(), sha256: z.string(), finishedAt: timestamp, url: z.string() }).nullable(),
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

/** A page of a source's receipts, newest first (docs/ingestion.md, "Import receipts"). */
export const importReceiptPageResponse = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      origin: z.string(),
      finishedAt: timestamp,
      /** Lowercase hex SHA-256 of the signed body. */
      sha256: z.string(),
      outcome: z.enum(["completed", "failed"]),
      totals: z.object({
        mailboxes: count,
        seen: count,
        stored: count,
        alreadyArchived: count,
        failed: count,
        excluded: count,
      }),
      /** The receipt itself: GET it for the signed body. */
      url: z.string(),
    }),
  ),
  total: count,
  page: z.number().int(),
  limit: z.number().int(),
});

/** A sync run's or import's signed receipt (docs/ingestion.md, "Import receipts"). */
export const importReceiptResponse = z.object({
  id: z.uuid(),
  sourceId: z.uuid(),
  origin: z.string(),
  finishedAt: timestamp,
  /** The signed bytes: the receipt as canonical JSON (UTF-8). Verify `signature` over exactly this text. */
  body: z.string(),
  /** Lowercase hex SHA-256 of `body`, as the run's IMPORT audit entry records it (`details.receipt.sha256`). */
  sha256: z.string(),
  /** Base64 Ed25519 signature of `body` by the installation's signing key (the one that signs export manifests). */
  signature: z.string(),
  algorithm: z.literal("Ed25519"),
  /** The SPKI PEM key that signed it (compare with GET /api/v1/enterprise/ediscovery/export-key). */
  publicKey: z.string(),
  /** The IMPORT audit entry recording the receipt's hash (null while its transaction is not chained yet). */
  auditEntryId: z.string().nullable(),
  /** `body` parsed. */
  receipt: z.record(z.string(), z.unknown()),
});

export const receiptVerificationResponse = z.object({
  /** Every check below passed. */
  valid: z.boolean(),
  /** The signature is the installation's current key's, over the stored bytes. */
  signatureValid: z.boolean(),
  /** The bytes hash to the stored SHA-256 and to the one the audit entry records. */
  hashMatches: z.boolean(),
  auditEntryId: z.string().nullable(),
  /** The audit entry's own hash still matches its contents and the next entry links to it. */
  auditEntryIntact: z.boolean(),
  problems: z.array(z.string()),
});

/** A sync's progress per mailbox (the latest run of the source; rows stay once it finished). */
export const syncProgressResponse = z.array(
  z.object({
    runId: z.uuid(),
    mailbox: z.string(),
    folder: z.string(),
    done: count,
    seen: count,
    finished: z.boolean(),
    updatedAt: timestamp,
  }),
);

/** What `ingestionSourceResponse` sends: never credentials (an IMAP password shows only as `passwordSet`). */
export type IngestionSourceDto = z.infer<typeof ingestionSourceResponse>;

export type ReceiptVerificationDto = z.infer<typeof receiptVerificationResponse>;
