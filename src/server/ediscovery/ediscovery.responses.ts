import { z } from "zod";
import { count, timestamp } from "../platform/validation/response-fields";
import { legalHoldResponse } from "../retention/holds/legal-holds.responses";
import { searchResultSummaryResponse } from "../search/search.responses";

const searchQuery = z.record(z.string(), z.unknown());

/** A user as a case names them (a member, or one who may become a member). */
export const caseMemberResponse = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const caseResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(["open", "closed"]),
  custodians: z.array(z.string()),
  memberIds: z.array(z.string()),
  /** The members with their names and addresses, in the order of memberIds. */
  members: z.array(caseMemberResponse),
  createdById: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  closedAt: timestamp.nullable(),
  /** The Bates number the case's next PDF production starts at (at least its own `bates.start`). */
  nextBates: z.number().int().min(1),
});

export const savedSearchResponse = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  name: z.string(),
  searchQuery,
  ignoreCustodians: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  lastRunAt: timestamp.nullable(),
  lastCount: count.nullable(),
});

export const tagResponse = z.object({ id: z.uuid(), caseId: z.uuid(), name: z.string(), emailCount: count, createdAt: timestamp });

export const exportResponse = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  name: z.string(),
  status: z.enum(["queued", "running", "completed", "failed", "cancelled"]),
  format: z.enum(["eml", "mbox", "pdf"]),
  source: z.unknown(),
  queryUsed: z.unknown(),
  includeAttachmentText: z.boolean(),
  unrestricted: z.boolean(),
  totalItems: count,
  processedItems: count,
  bytes: count,
  manifestSha256: z.string().nullable(),
  error: z.string().nullable(),
  createdById: z.string().nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  /**
   * A PDF production's settings as requested (redaction patterns are not repeated: only their kinds
   * and labels), null for eml and mbox.
   */
  production: z
    .object({
      bates: z.object({ prefix: z.string(), start: z.number().int(), digits: z.number().int() }),
      redact: z.array(z.object({ kind: z.enum(["text", "regex"]), label: z.string() })),
      withhold: z.object({ tags: z.array(z.string()) }),
      endorsement: z.string().nullable(),
    })
    .nullable(),
  /** The first and last Bates numbers of a completed PDF production (`<prefix><padded number>`), null otherwise. */
  batesBegin: z.string().nullable(),
  batesEnd: z.string().nullable(),
  pageCount: count.nullable(),
});

export const caseDetailResponse = caseResponse.extend({
  holds: z.array(legalHoldResponse),
  searches: z.array(savedSearchResponse),
  exports: z.array(exportResponse),
});

export const savedSearchRunResponse = z.object({ total: count, sample: z.array(searchResultSummaryResponse) });
export const tagApplicationResponse = z.object({ tagId: z.uuid(), emailsMatched: count, emailsTagged: count });
export const tagRemovalResponse = z.object({ tagId: z.uuid(), emailsUntagged: count });
export const exportKeyResponse = z.object({ algorithm: z.literal("Ed25519"), publicKey: z.string() });

export type CaseDetailDto = z.infer<typeof caseDetailResponse>;

export type CaseDto = z.infer<typeof caseResponse>;

export type SavedSearchDto = z.infer<typeof savedSearchResponse>;

export type TagDto = z.infer<typeof tagResponse>;

/** `unrestricted` is false when the creator's role conditions narrowed the export to what they may read. */
export type ExportDto = z.infer<typeof exportResponse>;
