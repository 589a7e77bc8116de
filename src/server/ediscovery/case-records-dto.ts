import type { EdiscoveryExport, EdiscoverySavedSearch, EdiscoveryTag } from "@/generated/prisma/client";
import type { SearchQuery } from "../search/search-engine";

export interface SavedSearchDto {
  id: string;
  caseId: string;
  name: string;
  searchQuery: SearchQuery;
  ignoreCustodians: boolean;
  createdAt: string;
  updatedAt: string;
  lastRunAt: string | null;
  lastCount: number | null;
}

export const savedSearchDto = (row: EdiscoverySavedSearch): SavedSearchDto => ({
  id: row.id,
  caseId: row.caseId,
  name: row.name,
  searchQuery: row.searchQuery as unknown as SearchQuery,
  ignoreCustodians: row.ignoreCustodians,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  lastCount: row.lastCount,
});

export interface TagDto {
  id: string;
  caseId: string;
  name: string;
  emailCount: number;
  createdAt: string;
}

export const tagDto = (row: EdiscoveryTag, emailCount: number): TagDto => ({
  id: row.id,
  caseId: row.caseId,
  name: row.name,
  emailCount,
  createdAt: row.createdAt.toISOString(),
});

export interface ExportDto {
  id: string;
  caseId: string;
  name: string;
  status: "queued" | "running" | "completed" | "failed" | "cancelled";
  format: "eml" | "mbox";
  source: unknown;
  queryUsed: unknown;
  includeAttachmentText: boolean;
  /** False when the creator's role conditions narrowed the export to what they may read. */
  unrestricted: boolean;
  totalItems: number;
  processedItems: number;
  bytes: number;
  manifestSha256: string | null;
  error: string | null;
  createdById: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

export const exportDto = (row: EdiscoveryExport): ExportDto => ({
  id: row.id,
  caseId: row.caseId,
  name: row.name,
  status: row.status as ExportDto["status"],
  format: row.format as ExportDto["format"],
  source: row.source,
  queryUsed: row.queryUsed,
  includeAttachmentText: row.includeAttachmentText,
  unrestricted: row.scope === null,
  totalItems: row.totalItems,
  processedItems: row.processedItems,
  bytes: Number(row.bytes),
  manifestSha256: row.manifestSha256,
  error: row.error,
  createdById: row.createdById,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  completedAt: row.completedAt?.toISOString() ?? null,
});
