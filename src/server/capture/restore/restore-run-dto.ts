import type { RestoreRun } from "@/generated/prisma/client";
import type { RestoreRunDto } from "./restore.responses";

export const toRestoreRunDto = (run: RestoreRun): RestoreRunDto => ({
  id: run.id,
  ingestionSourceId: run.ingestionSourceId,
  folder: run.folder,
  searchQuery: run.searchQuery,
  exportId: run.exportId,
  status: run.status as RestoreRunDto["status"],
  total: run.total,
  restored: run.restored,
  failed: run.failed,
  error: run.error,
  createdAt: run.createdAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});
