import type { EdiscoveryExport, EdiscoverySavedSearch, EdiscoveryTag } from "@/generated/prisma/client";
import { batesNumber, publicSettings } from "./pdf/production-settings";
import type { SavedSearchDto, TagDto, ExportDto } from "./ediscovery.responses";
import { productionSettingsSchema } from "./ediscovery.schemas";
import { parseStoredJson } from "../platform/validation/stored-json";

export const savedSearchDto = (row: EdiscoverySavedSearch): SavedSearchDto => ({
  id: row.id,
  caseId: row.caseId,
  name: row.name,
  searchQuery: row.searchQuery as SavedSearchDto["searchQuery"],
  ignoreCustodians: row.ignoreCustodians,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  lastCount: row.lastCount,
});

export const tagDto = (row: EdiscoveryTag, emailCount: number): TagDto => ({
  id: row.id,
  caseId: row.caseId,
  name: row.name,
  emailCount,
  createdAt: row.createdAt.toISOString(),
});

export const exportDto = (row: EdiscoveryExport): ExportDto => {
  const settings = parseStoredJson(productionSettingsSchema.nullable(), row.production, "ediscovery_exports.production");
  const bates = (value: number | null) => (settings && value !== null ? batesNumber(settings.bates, value) : null);
  return {
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
    production: settings && publicSettings(settings),
    batesBegin: bates(row.batesFirst),
    batesEnd: bates(row.batesLast),
    pageCount: row.pageCount,
  };
};
