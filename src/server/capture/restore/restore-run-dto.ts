import type { z } from "zod";
import type { RestoreRun } from "@/generated/prisma/client";
import type { restoreRunResponse } from "./restore.responses";

/** A bulk restore's progress: what `restoreRunResponse` sends (the run is queued → running → completed | failed). */
export type RestoreRunDto = z.infer<typeof restoreRunResponse>;

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
