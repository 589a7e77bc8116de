import type { RestoreRun } from "@/generated/prisma/client";

export interface RestoreRunDto {
  id: string;
  ingestionSourceId: string;
  folder: string;
  /** The selection: a search query, or a case export (the other is null). */
  searchQuery: unknown;
  exportId: string | null;
  /** queued → running → completed | failed */
  status: string;
  /** Matching emails, known once the run has read them all. */
  total: number | null;
  restored: number;
  failed: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const toRestoreRunDto = (run: RestoreRun): RestoreRunDto => ({
  id: run.id,
  ingestionSourceId: run.ingestionSourceId,
  folder: run.folder,
  searchQuery: run.searchQuery,
  exportId: run.exportId,
  status: run.status,
  total: run.total,
  restored: run.restored,
  failed: run.failed,
  error: run.error,
  createdAt: run.createdAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});
